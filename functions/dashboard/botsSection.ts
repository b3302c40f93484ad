import { botFieldNames } from '../../shared/bots/fields';
import { h } from '../../shared/html/builder';

/** The profile fields the form edits; the others (avatar, website, tags...) are sent back as saved. */
const EDITED = ['name', 'public', 'description', 'inviteUrl'];
const KEPT = [...botFieldNames, 'tags'].filter((name) => !EDITED.includes(name));

/** The dashboard's "Bots" section: the account's bots (served by the bots function), a form to register or edit one, its proof of control, its heartbeat snippet. */
export const botsSection = () =>
  h(
    'section',
    { 'aria-labelledby': 'bots-title' },
    h('h2', { id: 'bots-title', tabindex: -1 }, 'Bots'),
    h(
      'p',
      { class: 'note' },
      'Register your bot, then verify it with its token: only verified bots are listed publicly, and a verified bot cannot be claimed by anyone else.',
    ),
    h('p', { id: 'no-bots', class: 'note', hidden: 'hidden' }, 'No bots yet.'),
    h(
      'div',
      { class: 'table', tabindex: 0, role: 'region', 'aria-label': 'Your bots' },
      h(
        'table',
        { id: 'bots' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['Name', 'Client id', 'Verified', 'Public', 'Last seen', 'Actions'].map((label) =>
              h('th', { scope: 'col' }, label),
            ),
          ),
        ),
        h('tbody', {}),
      ),
    ),
    h(
      'form',
      { id: 'save-bot' },
      h('h3', {}, 'Register or edit a bot'),
      h('label', { for: 'bot-id' }, 'Client id'),
      h('input', {
        id: 'bot-id',
        name: 'clientId',
        inputmode: 'numeric',
        pattern: '[1-9][0-9]{16,19}',
        required: 'required',
        autocomplete: 'off',
        placeholder: '159985870458322944',
      }),
      h('label', { for: 'bot-name' }, 'Bot name'),
      h('input', { id: 'bot-name', name: 'name', maxlength: 32, required: 'required', autocomplete: 'off' }),
      h('label', { for: 'bot-description' }, 'Description'),
      h('input', { id: 'bot-description', name: 'description', maxlength: 400, autocomplete: 'off' }),
      h('label', { for: 'bot-invite' }, 'Invite link'),
      h('input', {
        id: 'bot-invite',
        name: 'inviteUrl',
        type: 'url',
        maxlength: 2048,
        autocomplete: 'off',
        placeholder: 'https://discord.com/oauth2/authorize?client_id=...',
      }),
      h(
        'p',
        { class: 'row' },
        h('input', { id: 'bot-public', name: 'public', type: 'checkbox', checked: 'checked' }),
        h('label', { for: 'bot-public', class: 'inline' }, 'Listed publicly once verified'),
      ),
      // Disabled until your bots are listed: saving sends back what the form does not show (KEPT).
      h('button', { type: 'submit', id: 'save-bot-button', class: 'primary', disabled: 'disabled' }, 'Save bot'),
    ),
    h(
      'form',
      { id: 'verify-bot', hidden: 'hidden' },
      h('h3', { id: 'verify-title', tabindex: -1 }, 'Verify'),
      h('label', { for: 'bot-token' }, 'Bot token'),
      h(
        'div',
        { class: 'row' },
        h('input', {
          id: 'bot-token',
          name: 'botToken',
          type: 'password',
          autocomplete: 'off',
          spellcheck: 'false',
          required: 'required',
        }),
        h('button', { type: 'submit', class: 'primary' }, 'Verify bot'),
      ),
      h(
        'p',
        { class: 'note' },
        'From the Developer Portal (your application, Bot, Reset Token). Discord is asked once whose application it is; the token is never stored.',
      ),
    ),
    h(
      'div',
      { id: 'heartbeat', hidden: 'hidden' },
      h('h3', { id: 'heartbeat-title', tabindex: -1 }, 'Heartbeat'),
      h(
        'p',
        { class: 'note' },
        'Add this to your discord.js bot (with your API key in CBK_API_KEY): it reports its stats every minute, which keeps it shown online.',
      ),
      h(
        'pre',
        { tabindex: 0, role: 'region', 'aria-labelledby': 'heartbeat-title' },
        h('code', { id: 'heartbeat-code' }),
      ),
    ),
  );

/**
 * The section's part of the page script (pageScript.ts), run with its helpers in scope: `$`, `api`,
 * `apiRoot`, `problem`, `say`, `cell`, `button`, `when`. Defines `refreshBots`.
 */
export const BOTS_SCRIPT = `
  const heartbeatSnippet = (clientId) => [
    "const { Client, GatewayIntentBits } = require('discord.js');",
    '',
    'const client = new Client({ intents: [GatewayIntentBits.Guilds] });',
    "const STATS_URL = '" + apiRoot + '/v1/bots/' + clientId + "/stats';",
    '',
    'async function heartbeat() {',
    '  const guilds = client.guilds.cache;',
    '  await fetch(STATS_URL, {',
    "    method: 'POST',",
    "    headers: { Authorization: 'Bearer ' + process.env.CBK_API_KEY, 'Content-Type': 'application/json' },",
    '    body: JSON.stringify({',
    '      guilds: guilds.size,',
    '      users: guilds.reduce((sum, guild) => sum + guild.memberCount, 0),',
    '      shards: client.shard?.count ?? 1,',
    '      ping: Math.max(0, client.ws.ping),',
    '      uptime: Math.floor(process.uptime()),',
    '      memory: Math.round(process.memoryUsage().rss / 1048576),',
    '    }),',
    '  }).catch((error) => console.warn(\\'heartbeat failed:\\', error.message));',
    '}',
    '',
    "client.once('ready', () => {",
    '  heartbeat();',
    '  setInterval(heartbeat, 60_000);',
    '});',
    'client.login(process.env.DISCORD_TOKEN);',
  ].join('\\n');

  let verifying = null;
  // The bot whose heartbeat snippet is shown, if any.
  let heartbeatOf = '';
  // Your bots as last listed: saving one sends back what the form does not show, so it is never wiped.
  // Until they are (botsListed), Save bot stays disabled: it could not tell a new bot from a listed one.
  let listedBots = [];
  let botsListed = false;
  const KEPT = ${JSON.stringify(KEPT)};
  const showHeartbeat = (bot) => {
    $('heartbeat-title').textContent = 'Heartbeat of ' + bot.name;
    $('heartbeat-code').textContent = heartbeatSnippet(bot.clientId);
    heartbeatOf = bot.clientId;
    $('heartbeat').hidden = false;
    $('heartbeat-title').focus();
  };
  const edit = (bot) => {
    $('bot-id').value = bot.clientId;
    $('bot-name').value = bot.name;
    $('bot-description').value = bot.description || '';
    $('bot-invite').value = bot.inviteUrl || '';
    $('bot-public').checked = bot.public;
    $('bot-name').focus();
  };
  const startVerify = (bot) => {
    verifying = bot;
    $('verify-title').textContent = 'Verify ' + bot.name;
    $('bot-token').value = '';
    $('verify-bot').hidden = false;
    $('verify-title').focus();
  };
  const removeBot = async (bot) => {
    if (!window.confirm('Delete ' + bot.name + ' and all its stats and commands?')) return;
    await api('DELETE', '/bots/' + bot.clientId);
    if (verifying && verifying.clientId === bot.clientId) {
      verifying = null;
      $('verify-bot').hidden = true;
      $('bot-token').value = '';
    }
    if (heartbeatOf === bot.clientId) {
      heartbeatOf = '';
      $('heartbeat').hidden = true;
    }
    await refreshBots();
    say('Bot ' + bot.name + ' deleted.');
    focusHeading('bots-title');
  };
  const showBots = (data) => {
    listedBots = data.bots;
    botsListed = true;
    $('save-bot-button').disabled = busy($('save-bot'));
    const body = $('bots').tBodies[0];
    body.replaceChildren();
    $('no-bots').hidden = data.bots.length > 0;
    for (const bot of data.bots) {
      const row = body.insertRow();
      cell(row, bot.name);
      cell(row, bot.clientId, true);
      cell(row, bot.verified ? 'verified' : 'not verified');
      cell(row, bot.public ? 'public' : 'private');
      cell(row, bot.online ? 'online' : when(bot.lastSeen));
      const actions = row.insertCell().appendChild(document.createElement('div'));
      actions.className = 'row';
      const act = (label, run) => button(label, bot.name, () => run(bot).catch((error) => problem(error.message)));
      actions.append(act('Edit', async (b) => edit(b)));
      if (!bot.verified) actions.append(act('Verify', async (b) => startVerify(b)));
      actions.append(act('Heartbeat', async (b) => showHeartbeat(b)), act('Delete', removeBot));
    }
    labelCells($('bots'));
  };
  const refreshBots = async () => showBots(await api('GET', '/bots'));

  onSubmit($('save-bot'), async () => {
    if (!botsListed) return problem('Your bots are not listed yet; reload the page.');
    const clientId = $('bot-id').value.trim();
    const profile = { name: $('bot-name').value.trim(), public: $('bot-public').checked };
    if ($('bot-description').value.trim()) profile.description = $('bot-description').value.trim();
    if ($('bot-invite').value.trim()) profile.inviteUrl = $('bot-invite').value.trim();
    const saved = listedBots.find((bot) => bot.clientId === clientId);
    if (saved) for (const name of KEPT) if (saved[name] !== null && saved[name] !== undefined) profile[name] = saved[name];
    const answer = await api('PUT', '/bots/' + encodeURIComponent(clientId), profile);
    await refreshBots();
    say('Bot ' + answer.name + ' saved' + (answer.verified ? '.' : ': verify it to have it listed.'));
    showHeartbeat(answer);
  }, () => botsListed);
  onSubmit($('verify-bot'), async () => {
    if (!verifying) return;
    try {
      const verified = await api('POST', '/bots/' + verifying.clientId + '/verify', { botToken: $('bot-token').value.trim() });
      $('verify-bot').hidden = true;
      await refreshBots();
      say('Bot ' + verified.name + ' verified.');
    } finally {
      $('bot-token').value = '';
    }
  });
`;
