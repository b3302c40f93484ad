import { type BotFieldName, botFieldNames } from '../../../shared/bots/fields';
import { heartbeatSnippet } from './heartbeat';
import {
  $,
  api,
  apiRoot,
  busy,
  button,
  cell,
  copyElement,
  focusHeading,
  labelCells,
  onSubmit,
  problem,
  say,
  when,
} from './kit';

/** A bot as the dashboard API lists it: its profile (every field of BOT_FIELDS it has) and its state. */
type Bot = {
  clientId: string;
  name: string;
  public: boolean;
  verified: boolean;
  online: boolean;
  lastSeen?: string | null;
} & Partial<Record<BotFieldName, string | null>> &
  Record<string, unknown>;

// The input of each BOT_FIELDS field (botsSection.ts names them so).
const fieldInput = (name: BotFieldName) => $(`bot-${name}`);

let verifying: Bot | null = null;
// The bot whose heartbeat snippet is shown, if any.
let heartbeatOf = '';
// Your bots as last listed: saving one sends back what the form does not show, so it is never wiped.
// Until they are (botsListed), Save bot stays disabled: it could not tell a new bot from a listed one.
let listedBots: Bot[] = [];
let botsListed = false;
// The bot whose saved fields the form shows (Edit, or saved from the form), so its blank fields are
// blank on purpose; the fields a person typed into since. Any other field keeps the saved value.
let formShows = '';
const touched = new Set<BotFieldName>();

function showsSaved(bot: Bot): void {
  formShows = bot.clientId;
  touched.clear();
}

function showHeartbeat(bot: Bot): void {
  $('heartbeat-title').textContent = `Heartbeat of ${bot.name}`;
  $('heartbeat-code').textContent = heartbeatSnippet(apiRoot(), bot.clientId);
  heartbeatOf = bot.clientId;
  $('heartbeat').hidden = false;
  $('heartbeat-title').focus();
}

function edit(bot: Bot): void {
  $('bot-id').value = bot.clientId;
  $('bot-name').value = bot.name;
  for (const name of botFieldNames) fieldInput(name).value = bot[name] ?? '';
  $('bot-public').checked = bot.public;
  showsSaved(bot);
  $('bot-name').focus();
}

function startVerify(bot: Bot): void {
  verifying = bot;
  $('verify-title').textContent = `Verify ${bot.name}`;
  $('bot-token').value = '';
  $('verify-bot').hidden = false;
  $('verify-title').focus();
}

async function removeBot(bot: Bot): Promise<void> {
  if (!window.confirm(`Delete ${bot.name} and all its stats and commands?`)) return;
  await api('DELETE', `/bots/${bot.clientId}`);
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
  say(`Bot ${bot.name} deleted.`);
  focusHeading('bots-title');
}

function showBots(data: { bots: Bot[] }): void {
  listedBots = data.bots;
  botsListed = true;
  $<HTMLButtonElement>('save-bot-button').disabled = busy($('save-bot'));
  const table = $<HTMLTableElement>('bots');
  const body = table.tBodies[0] as HTMLTableSectionElement;
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
    const act = (label: string, run: (bot: Bot) => Promise<void> | void) =>
      button(label, bot.name, async () => run(bot));
    actions.append(act('Edit', edit));
    if (!bot.verified) actions.append(act('Verify', startVerify));
    actions.append(act('Heartbeat', showHeartbeat), act('Delete', removeBot));
  }
  labelCells(table);
}

export const refreshBots = async () => showBots(await api('GET', '/bots'));

/**
 * The profile the form describes: its name and visibility, and each BOT_FIELDS field as the form
 * shows it (left out when blank, which removes it) for a new bot, for the bot whose saved fields
 * the form shows, and where the person typed; otherwise (a listed bot's id typed in) as saved, like
 * what the form does not show at all (its data-kept): a save never wipes what the person did not see.
 */
function profileOf(form: HTMLFormElement, clientId: string): Record<string, unknown> {
  const profile: Record<string, unknown> = { name: $('bot-name').value.trim(), public: $('bot-public').checked };
  const saved = listedBots.find((bot) => bot.clientId === clientId);
  const keep = (name: string) => {
    if (saved && saved[name] !== null && saved[name] !== undefined) profile[name] = saved[name];
  };
  for (const name of botFieldNames) {
    const value = fieldInput(name).value.trim();
    if (saved && formShows !== clientId && !touched.has(name)) keep(name);
    else if (value) profile[name] = value;
  }
  for (const name of (form.dataset.kept ?? '').split(' ').filter(Boolean)) keep(name);
  return profile;
}

/** The bots section's forms. */
export function startBots(): void {
  const form = $<HTMLFormElement>('save-bot');
  $('copy-heartbeat').addEventListener('click', () => copyElement($('heartbeat-code'), () => say('Snippet copied.')));
  for (const name of botFieldNames) fieldInput(name).addEventListener('input', () => touched.add(name));
  onSubmit(
    form,
    async () => {
      if (!botsListed) return problem('Your bots are not listed yet; reload the page.');
      const clientId = $('bot-id').value.trim();
      const answer = await api<Bot>('PUT', `/bots/${encodeURIComponent(clientId)}`, profileOf(form, clientId));
      showsSaved(answer);
      await refreshBots();
      say(`Bot ${answer.name} saved${answer.verified ? '.' : ': verify it to have it listed.'}`);
      showHeartbeat(answer);
    },
    () => botsListed,
  );
  onSubmit($<HTMLFormElement>('verify-bot'), async () => {
    if (!verifying) return;
    try {
      const verified = await api<Bot>('POST', `/bots/${verifying.clientId}/verify`, {
        botToken: $('bot-token').value.trim(),
      });
      $('verify-bot').hidden = true;
      await refreshBots();
      say(`Bot ${verified.name} verified.`);
    } finally {
      $('bot-token').value = '';
    }
  });
}
