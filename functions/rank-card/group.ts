import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'rank-card',
  tag: 'Rank cards for levelling bots',
  table: [],
  sealsSecrets: false,
  judgesBotStatus: false,
  timeoutSeconds: 10,
  memoryMb: 1024,
  ships: { fonts: true, rasteriser: true },
});
