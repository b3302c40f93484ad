import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'webhooks',
  tag: 'Relay of provider webhooks (GitHub, GitLab, ...) to Discord',
  // The relay's records, and the dashboard's sessions (its webhook routes are served here).
  table: ['relayWebhooks', 'readSessions'],
  sealsSecrets: true,
  retriesDeliveries: true,
  judgesBotStatus: false,
  // The relay may wait on Discord twice (5 s each) around one short 429 pause.
  timeoutSeconds: 15,
  memoryMb: 256,
  ships: { fonts: false, rasteriser: false },
});
