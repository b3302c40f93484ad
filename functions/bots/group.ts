import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'bots',
  tag:
    'Discord bots: profiles, commands, stats, status (owners write with their key or on the dashboard). Other ' +
    'accounts read a bot only once it is verified and while it is public; until then they get the 404 of an ' +
    'unknown bot',
  // Bot records, and the dashboard's sessions (its bot routes are served here).
  table: ['manageBots', 'readSessions'],
  sealsSecrets: false,
  judgesBotStatus: true,
  timeoutSeconds: 6,
  memoryMb: 256,
  ships: { fonts: false, rasteriser: false },
});
