import { h, type Child } from '../../shared/html/builder';
import { clientInstallNote } from '../../shared/html/clientInstall';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { rankCardRoutes } from '../../shared/routes/groups/rankCard';

const { rankCard } = rankCardRoutes;

/** The rank card's example request as PNG (its avatar left out: the snippets stay short). */
const { avatar: _avatar, ...cardQuery } = rankCard.example.query ?? {};
const CARD_QUERY = new URLSearchParams({ ...cardQuery, format: 'png' });

/** A request that draws a rank card PNG with a key, from a shell. `base`: the API's URL, up to its own paths. */
export const curlExample = (base: string) =>
  ['curl -H "Authorization: Bearer $API_KEY" -o rank.png \\', `  "${base}${rankCard.path}?${CARD_QUERY}"`].join('\n');

/** A discord.js v14 slash command answering with the rank card attached as a PNG, drawn by the API's client. */
export const discordJsExample = (base: string) =>
  `import { ApiError, ChatbotApi } from '@chatbot-utility/client';
import { attachment } from '@chatbot-utility/client/discord';
import { MessageFlags } from 'discord.js';

const api = new ChatbotApi({ key: process.env.API_KEY, baseUrl: '${base}' });

// In your interactionCreate handler, for a /rank command:
try {
  const png = await api.rankCard({
    username: interaction.user.username,
    level: 42, xp: 1234, requiredXp: 5000, rank: 3,
    avatar: interaction.user.displayAvatarURL({ extension: 'png' }),
  });
  await interaction.reply({ files: [attachment(png, 'rank.png')] });
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  await interaction.reply({ content: \`No rank card: \${error.message}\`, flags: MessageFlags.Ephemeral });
}`;

/** A code block a keyboard can scroll (it may be wider than a phone). */
const codeBlock = (label: string, code: string) =>
  h('pre', { tabindex: '0', role: 'region', 'aria-label': label }, h('code', {}, code));

/** The page's opening line: where keys come from. `basePath` precedes the API's paths in the page's URL. */
export const getKey = (basePath: string): Child =>
  h(
    'p',
    { class: 'get-key' },
    h('a', { class: 'button primary', href: `${basePath}${dashboardRoutes.dashboardPage.path}` }, 'Get a key'),
    h(
      'span',
      {},
      'Every /v1 route takes ',
      h('code', {}, 'Authorization: Bearer <key>'),
      '; the dashboard makes keys and shows how much each is used.',
    ),
  );

/** The three steps from no key to a bot answering with a picture; `base` (the API's absolute URL) goes in the code. */
export function startSteps(basePath: string, base: string): Child[] {
  return [
    h('h2', { id: 'start' }, 'Start in three steps'),
    h(
      'ol',
      { class: 'steps' },
      h(
        'li',
        {},
        h('strong', {}, 'Get a key. '),
        'Sign in on the ',
        h('a', { href: `${basePath}${dashboardRoutes.dashboardPage.path}` }, 'dashboard'),
        ', create a key and copy it (it is shown once).',
      ),
      h(
        'li',
        {},
        h('strong', {}, 'Draw a rank card. '),
        'With the key in ',
        h('code', {}, 'API_KEY'),
        ', this writes rank.png:',
        codeBlock('curl example', curlExample(base)),
      ),
      h(
        'li',
        {},
        h('strong', {}, 'Answer in Discord. '),
        'A discord.js v14 slash command replies with the card attached, drawn by the API’s client. ',
        clientInstallNote(),
        codeBlock('discord.js example', discordJsExample(base)),
      ),
    ),
  ];
}
