import { h } from '../../shared/html/builder';
import type { ListedOutcome } from '../../shared/routes/schemas/webhooks';

/** Each outcome the deliveries can be filtered by (GET /dashboard/api/webhooks?outcome=): typed by the
 * route's own list, so an outcome added there cannot be missing from the select. */
const OUTCOME_LABELS: Record<ListedOutcome, string> = {
  forwarded: 'Forwarded',
  queued: 'Queued for retry',
  signatureRefused: 'Signature refused',
  duplicate: 'Duplicate',
  rejected: 'Refused by Discord',
  rateLimited: 'Rate limited by Discord',
  failed: 'Discord failed',
  ignored: 'Ignored',
  pending: 'In progress',
};
const DELIVERY_FILTERS = [['', 'All outcomes'], ...Object.entries(OUTCOME_LABELS)];

/**
 * The dashboard's "Webhooks" section: the relay URL builder, registering a webhook's signing secret,
 * and your webhooks' deliveries with a replay for failed ones (served by the webhooks function).
 */
export const webhooksSection = () =>
  h(
    'section',
    { 'aria-labelledby': 'webhooks-title' },
    h('h2', { id: 'webhooks-title', tabindex: -1 }, 'Webhooks'),
    h(
      'p',
      { class: 'note' },
      'Paste a Discord webhook URL and pick the provider: give the provider the relay URL. ' +
        'Save a signing secret to have the relay check signatures, and to see every delivery here: ' +
        'forwarded, queued, refused or repeated. ' +
        "Each provider's secret is saved beside the others of the webhook.",
    ),
    h(
      'form',
      { id: 'save-webhook' },
      h('label', { for: 'hook-url' }, 'Discord webhook URL'),
      h('input', {
        id: 'hook-url',
        type: 'password',
        autocomplete: 'off',
        spellcheck: 'false',
        required: 'required',
        placeholder: 'https://discord.com/api/webhooks/...',
      }),
      h('label', { for: 'hook-provider' }, 'Provider'),
      h('select', { id: 'hook-provider', required: 'required' }),
      h('label', { for: 'relay-url' }, 'Relay URL'),
      h(
        'div',
        { class: 'row' },
        h('input', { id: 'relay-url', readonly: 'readonly', spellcheck: 'false' }),
        h('button', { type: 'button', id: 'copy-relay', disabled: 'disabled' }, 'Copy relay URL'),
      ),
      h('label', { for: 'hook-secret' }, 'Signing secret'),
      h('input', { id: 'hook-secret', type: 'password', autocomplete: 'off', maxlength: 256 }),
      h('p', { id: 'hook-signs', class: 'note' }),
      h(
        'p',
        { class: 'row' },
        h('input', { id: 'hook-require', type: 'checkbox' }),
        h('label', { for: 'hook-require', class: 'inline' }, 'Refuse unsigned deliveries'),
      ),
      h('label', { for: 'hook-name' }, 'Name (optional)'),
      h('input', {
        id: 'hook-name',
        name: 'name',
        maxlength: 100,
        autocomplete: 'off',
        'aria-describedby': 'hook-name-note',
      }),
      h(
        'p',
        { id: 'hook-name-note', class: 'note' },
        'Up to 100 characters. Left empty, a new webhook is named after its provider and the end of its id.',
      ),
      h('button', { type: 'submit', id: 'save-webhook-button', class: 'primary' }, 'Save webhook'),
    ),
    h('p', { id: 'no-webhooks', class: 'note', hidden: 'hidden' }, 'No webhooks yet.'),
    h('label', { for: 'delivery-filter' }, 'Show deliveries'),
    h('select', { id: 'delivery-filter' }, ...DELIVERY_FILTERS.map(([value, label]) => h('option', { value }, label))),
    h('div', { id: 'webhooks' }),
  );
