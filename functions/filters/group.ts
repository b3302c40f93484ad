import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'filters',
  tag: 'Filters over a picture',
  table: [],
  sealsSecrets: false,
  judgesBotStatus: false,
  timeoutSeconds: 10,
  memoryMb: 1024,
  ships: { fonts: true, rasteriser: true },
});
