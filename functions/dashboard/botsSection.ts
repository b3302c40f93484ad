import { BOT_FIELDS, type BotField, type BotFieldName, botFieldNames } from '../../shared/bots/fields';
import { h } from '../../shared/html/builder';
import { clientInstallNote } from '../../shared/html/clientInstall';
import { registerBotBody } from '../../shared/routes/schemas/bots';

/** The form edits the name, the visibility and every field of BOT_FIELDS (browser/bots.ts reads them by these ids). */
const EDITED: readonly string[] = ['name', 'public', ...botFieldNames];
/** What a registration holds that the form does not show (the tags): sent back as saved, never wiped. */
const KEPT = Object.keys(registerBotBody.shape).filter((name) => !EDITED.includes(name));

function fieldInput(name: BotFieldName) {
  const field: BotField = BOT_FIELDS[name];
  const kind = field.kind === 'url' ? { type: 'url', placeholder: 'https://...' } : { maxlength: field.max };
  return [
    h('label', { for: `bot-${name}` }, field.label),
    h('input', { id: `bot-${name}`, name, autocomplete: 'off', ...kind }),
  ];
}

/**
 * The dashboard's "Bots" section: the account's bots (served by the bots function),
 * a form to register or edit one, its proof of control, its heartbeat snippet.
 */
export const botsSection = () =>
  h(
    'section',
    { 'aria-labelledby': 'bots-title' },
    h('h2', { id: 'bots-title', tabindex: -1 }, 'Bots'),
    h(
      'p',
      { class: 'note' },
      'Register your bot, then verify it with its token: ' +
        'only verified bots are listed publicly, and a verified bot cannot be claimed by anyone else.',
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
      { id: 'save-bot', 'data-kept': KEPT.join(' ') },
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
      botFieldNames.map(fieldInput),
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
        'From the Developer Portal (your application, Bot, Reset Token). ' +
          'Discord is asked once whose application it is; the token is never stored.',
      ),
    ),
    h(
      'div',
      { id: 'heartbeat', hidden: 'hidden' },
      h('h3', { id: 'heartbeat-title', tabindex: -1 }, 'Heartbeat'),
      h(
        'p',
        { class: 'note' },
        'Add this to your discord.js 14 bot (your API key in CBK_API_KEY): ' +
          'it reports its stats every minute, which keeps it shown online, and logs any refusal.',
      ),
      h('p', { class: 'note' }, clientInstallNote()),
      h('button', { type: 'button', id: 'copy-heartbeat' }, 'Copy snippet'),
      h(
        'pre',
        { tabindex: 0, role: 'region', 'aria-labelledby': 'heartbeat-title' },
        h('code', { id: 'heartbeat-code' }),
      ),
    ),
  );
