import { discordWebhook } from '../../../shared/routes/webhookUrl';
import {
  $,
  api,
  apiRoot,
  button,
  cell,
  copyField,
  focusHeading,
  labelCells,
  onSubmit,
  problem,
  reportFailure,
  say,
  when,
} from './kit';

/** A provider as GET /webhooks lists it. */
interface Provider {
  name: string;
  displayName: string;
  signature?: { header: string } | null;
}

interface Delivery {
  deliveryId: string;
  receivedAt: string;
  provider: string;
  event: string;
  outcome: string;
  /** Refused signatures and duplicates are counted per minute: how many this row stands for. */
  count: number;
  discordStatus?: number | null;
  replayable: boolean;
}

/** A webhook of yours as the dashboard API lists it. */
interface Webhook {
  webhookId: string;
  name: string;
  /** The last 4 characters of its relay URL's token; null when the token was not kept (saved before). */
  tokenEnd: string | null;
  signedProviders: string[];
  requireSignatures: boolean;
  refusedAttempts: number;
  deliveries: Delivery[];
}

const OUTCOMES: Record<string, string> = {
  forwarded: 'forwarded',
  ignored: 'ignored (not an event we render)',
  rejected: 'refused by Discord',
  rateLimited: 'rate limited by Discord',
  failed: 'Discord failed',
  pending: 'in progress',
  queued: 'queued: retried automatically',
  signatureRefused: 'signature refused',
  duplicate: 'duplicate (received before)',
};
const outcomeOf = (outcome: string) => OUTCOMES[outcome] || outcome;
const timesOf = (count: number) => (count > 1 ? `, ${count} times this minute` : '');

let relay: { url: string; providers: Provider[] } = { url: '', providers: [] };
// Your webhooks as last listed, and the one whose refusal of unsigned deliveries the box shows.
// The box is sent only once the person has changed it (boxChanged): left out, the API keeps the
// webhook's setting, so a save never unticks it unawares (the list not loaded yet, say).
let listed: Webhook[] = [];
let boxShows = '';
let boxChanged = false;

const chosen = () => relay.providers.find((provider) => provider.name === $<HTMLSelectElement>('hook-provider').value);
/** The relay URL of a webhook for a provider, its token as given (or masked). */
const relayUrlOf = (webhookId: string, token: string, provider: string) =>
  apiRoot() + relay.url.replace('{id}', webhookId).replace('{token}', token).replace('{provider}', provider);

function signingNote(provider: Provider | undefined): string {
  if (!provider) return '';
  const signs = provider.signature;
  return signs
    ? `${provider.displayName} signs deliveries (${signs.header}): the secret is the one you set on its webhook.`
    : `${provider.displayName} does not sign deliveries: there is no secret to check.`;
}

function buildRelayUrl(): void {
  const match = discordWebhook($('hook-url').value);
  // A webhook of yours starts with the box as it is saved.
  if (match && match.id !== boxShows) {
    boxShows = match.id;
    boxChanged = false;
    const known = listed.find((hook) => hook.webhookId === match.id);
    $('hook-require').checked = Boolean(known?.requireSignatures);
  }
  const provider = chosen();
  $('relay-url').value = match && provider ? relayUrlOf(match.id, match.token, provider.name) : '';
  $<HTMLButtonElement>('copy-relay').disabled = !$('relay-url').value;
  $('hook-secret').disabled = !provider?.signature;
  $('hook-signs').textContent = signingNote(provider);
}

export async function loadProviders(): Promise<void> {
  const response = await fetch(`${apiRoot()}/webhooks`, { headers: { Accept: 'application/json' } });
  const answer = await response.json().catch(() => null);
  if (!response.ok || !answer?.data || !Array.isArray(answer.data.providers)) {
    const reason = answer?.error?.message || `the server answered ${response.status}`;
    throw new Error(`The providers could not be listed: ${reason}. Reload the page to try again.`);
  }
  relay = answer.data;
  $<HTMLSelectElement>('hook-provider').replaceChildren(
    ...relay.providers.map((provider) => {
      const option = document.createElement('option');
      option.value = provider.name;
      option.textContent = provider.displayName;
      return option;
    }),
  );
  buildRelayUrl();
}

function deliveriesTable(hook: Webhook, name: string): HTMLElement {
  const region = document.createElement('div');
  region.className = 'table';
  region.tabIndex = 0;
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', `Deliveries of ${name}`);
  const table = region.appendChild(document.createElement('table'));
  const head = table.createTHead().insertRow();
  for (const label of ['Received', 'Provider', 'Event', 'Outcome', 'Actions']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = label;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const delivery of hook.deliveries) {
    const row = body.insertRow();
    cell(row, when(delivery.receivedAt));
    cell(row, delivery.provider);
    // A refused signature's delivery is not read: there is no event to name.
    cell(row, delivery.event || 'not read');
    const status = delivery.discordStatus ? ` (${delivery.discordStatus})` : '';
    const outcome = cell(row, outcomeOf(delivery.outcome) + status + timesOf(delivery.count));
    outcome.dataset.outcome = delivery.outcome;
    const actions = row.insertCell();
    if (delivery.replayable) {
      actions.appendChild(button('Replay', `${delivery.event} ${delivery.deliveryId}`, () => replay(hook, delivery)));
    }
  }
  labelCells(table);
  return region;
}

const masked = (hook: Webhook) => `••••••${hook.tokenEnd ?? ''}`;

/**
 * The webhook's relay URL per signed provider, its token masked; Copy asks the API for the token
 * (kept sealed) and copies the URL whole. A webhook saved before tokens were kept has no Copy.
 */
function relayUrls(hook: Webhook, name: string): HTMLElement {
  const box = document.createElement('div');
  for (const provider of hook.signedProviders) {
    const line = box.appendChild(document.createElement('p'));
    line.className = 'row relay-url';
    line.appendChild(document.createElement('code')).textContent = relayUrlOf(hook.webhookId, masked(hook), provider);
    if (hook.tokenEnd !== null)
      line.appendChild(button('Copy relay URL', `for ${provider} of ${name}`, () => copyRelayUrl(hook, provider)));
  }
  if (hook.tokenEnd === null)
    box.appendChild(document.createElement('p')).textContent =
      'This relay URL was not kept when the webhook was saved, so it cannot be shown again: paste the ' +
      'Discord webhook URL in the form above to build it, and save the webhook again to keep it.';
  return box;
}

async function copyRelayUrl(hook: Webhook, provider: string): Promise<void> {
  problem('');
  const { token } = await api<{ token: string }>('GET', `/webhooks/${hook.webhookId}/relay-token`);
  await navigator.clipboard.writeText(relayUrlOf(hook.webhookId, token, provider)).catch(() => {
    throw new Error('The browser did not let the page copy: paste the Discord webhook URL above to build it.');
  });
  say(`Relay URL of ${hook.name} for ${provider} copied.`);
}

/** The webhook's name, changed in place (PUT .../name). */
function renameForm(hook: Webhook): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'row';
  const field = `name-${hook.webhookId}`;
  const label = form.appendChild(document.createElement('label'));
  label.htmlFor = field;
  label.className = 'inline';
  label.textContent = 'Name';
  const input = form.appendChild(document.createElement('input'));
  input.id = field;
  // Named as the API's field, so a refusal names it by its label (fieldErrors.ts).
  input.name = 'name';
  input.value = hook.name;
  input.maxLength = 100;
  input.required = true;
  input.autocomplete = 'off';
  const submit = form.appendChild(document.createElement('button'));
  submit.type = 'submit';
  submit.textContent = 'Rename';
  submit.setAttribute('aria-label', `Rename webhook ${hook.webhookId}`);
  onSubmit(form, async () => {
    const name = input.value.trim();
    if (!name) return problem('Give the webhook a name: 1 to 100 characters.');
    const renamed = await api<{ name: string }>('PUT', `/webhooks/${hook.webhookId}/name`, { name });
    await refreshWebhooks();
    say(`Webhook ${hook.webhookId} renamed “${renamed.name}”.`);
  });
  return form;
}

function showWebhooks(data: { webhooks: Webhook[] }): void {
  listed = data.webhooks;
  // The box, unless changed by hand, shows the webhook's setting as now listed.
  if (!boxChanged) boxShows = '';
  buildRelayUrl();
  const list = $<HTMLDivElement>('webhooks');
  list.replaceChildren();
  $('no-webhooks').hidden = data.webhooks.length > 0;
  const filtered = $<HTMLSelectElement>('delivery-filter').value;
  for (const hook of data.webhooks) {
    const name = `webhook ${hook.webhookId}`;
    const box = list.appendChild(document.createElement('div'));
    box.className = 'webhook';
    box.appendChild(document.createElement('h3')).textContent = hook.name;
    const id = box.appendChild(document.createElement('p'));
    id.className = 'note';
    id.textContent = `Webhook id ${hook.webhookId}`;
    box.appendChild(relayUrls(hook, hook.name));
    box.appendChild(renameForm(hook));
    const about = box.appendChild(document.createElement('p'));
    about.className = 'row';
    const signed = hook.signedProviders.join(', ') || 'none';
    about.append(
      document.createTextNode(`Signed: ${signed}${hook.requireSignatures ? '; unsigned deliveries refused' : ''}. `),
      // Deliveries whose token Discord refused are counted, not listed (anyone can post to a webhook's id).
      document.createTextNode(
        hook.refusedAttempts > 0 ? `${hook.refusedAttempts} with a token Discord refused in the last 24 hours. ` : '',
      ),
      button('Remove', name, () => removeWebhook(hook)),
    );
    if (hook.deliveries.length === 0) {
      box.appendChild(document.createElement('p')).textContent = filtered
        ? `No deliveries ${outcomeOf(filtered)} in the last 7 days.`
        : 'No deliveries in the last 7 days.';
      continue;
    }
    box.appendChild(deliveriesTable(hook, name));
  }
}

/** Your webhooks, with the deliveries of the outcome the filter shows (all by default). */
export async function refreshWebhooks(): Promise<void> {
  const outcome = $<HTMLSelectElement>('delivery-filter').value;
  showWebhooks(await api('GET', `/webhooks${outcome ? `?outcome=${encodeURIComponent(outcome)}` : ''}`));
}

async function replay(hook: Webhook, delivery: Delivery): Promise<void> {
  problem('');
  const result = await api<{ outcome: string }>('POST', `/webhooks/${hook.webhookId}/replay`, {
    provider: delivery.provider,
    deliveryId: delivery.deliveryId,
  });
  await refreshWebhooks();
  say(`Delivery ${delivery.deliveryId} replayed: ${outcomeOf(result.outcome)}.`);
  focusHeading('webhooks-title');
}

async function removeWebhook(hook: Webhook): Promise<void> {
  const question = `Remove the secrets of webhook ${hook.webhookId}? Its deliveries are then accepted unsigned.`;
  if (!window.confirm(question)) return;
  await api('DELETE', `/webhooks/${hook.webhookId}`);
  await refreshWebhooks();
  say(`Webhook ${hook.webhookId} removed.`);
  focusHeading('webhooks-title');
}

/** The webhooks section's fields, buttons and form. */
export function startWebhooks(): void {
  $('hook-url').addEventListener('input', buildRelayUrl);
  $('hook-provider').addEventListener('change', buildRelayUrl);
  $('hook-require').addEventListener('change', () => {
    boxChanged = true;
  });
  $('copy-relay').addEventListener('click', () => copyField($('relay-url'), () => say('Relay URL copied.')));
  $('delivery-filter').addEventListener('change', () => {
    problem('');
    refreshWebhooks().catch(reportFailure);
  });
  onSubmit($<HTMLFormElement>('save-webhook'), async () => {
    const provider = chosen();
    const secret = $('hook-secret').value;
    if (!provider?.signature || !secret) {
      return problem('Pick a provider that signs its deliveries and give its signing secret.');
    }
    const name = $('hook-name').value.trim();
    const registration: Record<string, unknown> = {
      webhookUrl: $('hook-url').value.trim(),
      secrets: { [provider.name]: secret },
      ...(name ? { name } : {}),
    };
    if (boxChanged) registration.requireSignatures = $('hook-require').checked;
    const saved = await api<{ webhookId: string; name: string; signedProviders: string[] }>(
      'POST',
      '/webhooks',
      registration,
    );
    $('hook-secret').value = '';
    $('hook-name').value = '';
    // Saved as the box shows: it follows the webhook's setting again.
    boxChanged = false;
    boxShows = '';
    await refreshWebhooks();
    say(
      `Webhook ${saved.webhookId} saved: ${saved.signedProviders.join(', ')} deliveries are checked. ` +
        `It is named “${saved.name}”.`,
    );
  });
}
