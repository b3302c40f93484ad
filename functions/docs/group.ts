import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'docs',
  tag: 'This documentation',
  table: [],
  sealsSecrets: false,
  judgesBotStatus: false,
  // The page's gallery draws every image route's example: text is laid out, no PNG is made.
  timeoutSeconds: 10,
  memoryMb: 1024,
  ships: { fonts: true, rasteriser: false, openApiDocument: true },
});
