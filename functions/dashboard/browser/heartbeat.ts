/**
 * The discord.js code that reports a bot's stats to `apiRoot` every minute with the API's client,
 * for the bot of `clientId` (test/browser/heartbeatSnippet.test.ts runs it with discord.js and the
 * packed client). It logs each refusal, as a refused key would otherwise fail silently forever. One
 * string a line: no line of the page's bundle may start with `import`.
 */
export const heartbeatSnippet = (apiRoot: string, clientId: string) =>
  [
    '// An ES module (heartbeat.mjs, or part of your bot); set CBK_API_KEY and DISCORD_TOKEN.',
    "import { ApiError, ChatbotApi } from '@chatbot-utility/client';",
    "import { autoPostStats } from '@chatbot-utility/client/discord';",
    "import { Client, Events, GatewayIntentBits } from 'discord.js';",
    '',
    `const api = new ChatbotApi({ key: process.env.CBK_API_KEY, baseUrl: '${apiRoot}' });`,
    'const client = new Client({ intents: [GatewayIntentBits.Guilds] });',
    '',
    '// Posts the guild and member counts now and every minute (a 429 waits for its Retry-After).',
    'client.once(Events.ClientReady, (ready) => {',
    '  autoPostStats(ready, api, {',
    `    clientId: '${clientId}',`,
    "    // 401: check CBK_API_KEY; 403 or 404: register this bot on the dashboard, with the key's account.",
    '    onError: (error) =>',
    '      console.error(',
    '        error instanceof ApiError',
    `          ? \`Stats refused (\${error.status} \${error.code}: \${error.message})\``,
    `          : \`Stats not sent: \${error.message}\`,`,
    '      ),',
    '  });',
    '});',
    'client.login(process.env.DISCORD_TOKEN);',
    '',
  ].join('\n');
