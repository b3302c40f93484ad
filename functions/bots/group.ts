import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'bots',
  tag: 'Discord bots: profiles, commands, stats, status (owners write with their key or on the dashboard)',
  // Bot records, and the dashboard's sessions (its bot routes are served here).
  table: ['manageBots', 'readSessions'],
  sealsSecrets: false,
  judgesBotStatus: true,
  timeoutSeconds: 6,
  memoryMb: 256,
  ships: { fonts: false, rasteriser: false },
});
