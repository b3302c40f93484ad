import { defineGroup } from '../../shared/runtime/groupManifest';

export default defineGroup({
  name: 'dashboard',
  tag: 'The dashboard: sign in with Discord, manage your API keys (session cookie, not an API key)',
  table: ['manageAccounts'],
  sealsSecrets: false,
  judgesBotStatus: false,
  // A sign-in waits on Discord twice (5 s each at most).
  timeoutSeconds: 15,
  memoryMb: 256,
  ships: { fonts: false, rasteriser: false },
  signsInWithDiscord: true,
  managesApiKeys: true,
});
