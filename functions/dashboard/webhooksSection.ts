import { DISCORD_WEBHOOK_SCRIPT } from '../../shared/routes/webhookUrl';
import { h } from '../../shared/html/builder';

/** The dashboard's "Webhooks" section: the relay URL builder, registering a webhook's signing secret, and your webhooks' deliveries with a replay for failed ones (served by the webhooks function). */
export const webhooksSection = () =>
  h(
    'section',
    { 'aria-labelledby': 'webhooks-title' },
    h('h2', { id: 'webhooks-title', tabindex: -1 }, 'Webhooks'),
    h(
      'p',
      { class: 'note' },
      "Paste a Discord webhook URL and pick the provider: give the provider the relay URL. Save a signing secret to have the relay check signatures, and to see the deliveries here. Each provider's secret is saved beside the others of the webhook.",
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
      h('button', { type: 'submit', id: 'save-webhook-button', class: 'primary' }, 'Save webhook'),
    ),
    h('p', { id: 'no-webhooks', class: 'note', hidden: 'hidden' }, 'No webhooks yet.'),
    h('div', { id: 'webhooks' }),
  );

/**
 * The section's part of the page script (pageScript.ts), run with its helpers in scope: `$`, `api`,
 * `apiRoot`, `problem`, `say`, `cell`, `button`, `when`. Defines `refreshWebhooks`.
 */
export const WEBHOOKS_SCRIPT = `
${DISCORD_WEBHOOK_SCRIPT}
  let relay = { url: '', providers: [] };
  // Your webhooks as last listed, and the one whose refusal of unsigned deliveries the box shows.
  // The box is sent only once the person has changed it (boxChanged): left out, the API keeps the
  // webhook's setting, so a save never unticks it unawares (the list not loaded yet, say).
  let listed = [];
  let boxShows = '';
  let boxChanged = false;
  const chosen = () => relay.providers.find((provider) => provider.name === $('hook-provider').value);
  const buildRelayUrl = () => {
    const match = discordWebhook($('hook-url').value);
    // A webhook of yours starts with the box as it is saved.
    if (match && match.id !== boxShows) {
      boxShows = match.id;
      boxChanged = false;
      const known = listed.find((hook) => hook.webhookId === match.id);
      $('hook-require').checked = Boolean(known && known.requireSignatures);
    }
    const provider = chosen();
    $('relay-url').value = match && provider ? apiRoot + relay.url.replace('{id}', match.id).replace('{token}', match.token).replace('{provider}', provider.name) : '';
    $('copy-relay').disabled = !$('relay-url').value;
    const signs = provider && provider.signature;
    $('hook-secret').disabled = !signs;
    $('hook-signs').textContent = !provider ? '' : signs ? provider.displayName + ' signs deliveries (' + signs.header + '): the secret is the one you set on its webhook.' : provider.displayName + ' does not sign deliveries: there is no secret to check.';
  };
  const loadProviders = async () => {
    const response = await fetch(apiRoot + '/webhooks', { headers: { Accept: 'application/json' } });
    const answer = await response.json().catch(() => null);
    if (!response.ok || !answer || !answer.data || !Array.isArray(answer.data.providers)) {
      throw new Error('The providers could not be listed: ' + ((answer && answer.error && answer.error.message) || 'the server answered ' + response.status) + '. Reload the page to try again.');
    }
    relay = answer.data;
    const select = $('hook-provider');
    select.replaceChildren(...relay.providers.map((provider) => {
      const option = document.createElement('option');
      option.value = provider.name;
      option.textContent = provider.displayName;
      return option;
    }));
    buildRelayUrl();
  };

  const OUTCOMES = { forwarded: 'forwarded', ignored: 'ignored (not an event we render)', rejected: 'refused by Discord', rateLimited: 'rate limited by Discord', failed: 'Discord failed', pending: 'in progress', queued: 'queued: retried automatically' };
  const showWebhooks = (data) => {
    listed = data.webhooks;
    // The box, unless changed by hand, shows the webhook's setting as now listed.
    if (!boxChanged) boxShows = '';
    buildRelayUrl();
    const list = $('webhooks');
    list.replaceChildren();
    $('no-webhooks').hidden = data.webhooks.length > 0;
    for (const hook of data.webhooks) {
      const name = 'webhook ' + hook.webhookId;
      const box = list.appendChild(document.createElement('div'));
      box.className = 'webhook';
      const title = box.appendChild(document.createElement('h3'));
      title.textContent = 'Webhook ' + hook.webhookId;
      const about = box.appendChild(document.createElement('p'));
      about.className = 'row';
      about.append(
        document.createTextNode('Signed: ' + (hook.signedProviders.join(', ') || 'none') + (hook.requireSignatures ? '; unsigned deliveries refused' : '') + '. '),
        // Deliveries whose token Discord refused are counted, not listed (anyone can post to a webhook's id).
        document.createTextNode(hook.refusedAttempts > 0 ? hook.refusedAttempts + ' with a token Discord refused in the last 24 hours. ' : ''),
        button('Remove', name, () => removeWebhook(hook).catch((error) => problem(error.message))),
      );
      if (hook.deliveries.length === 0) {
        box.appendChild(document.createElement('p')).textContent = 'No deliveries in the last 7 days.';
        continue;
      }
      const region = box.appendChild(document.createElement('div'));
      region.className = 'table';
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', 'Deliveries of ' + name);
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
        cell(row, delivery.event);
        cell(row, (OUTCOMES[delivery.outcome] || delivery.outcome) + (delivery.discordStatus ? ' (' + delivery.discordStatus + ')' : ''));
        const actions = row.insertCell();
        if (delivery.replayable) actions.appendChild(button('Replay', delivery.event + ' ' + delivery.deliveryId, () => replay(hook, delivery).catch((error) => problem(error.message))));
      }
      labelCells(table);
    }
  };
  const refreshWebhooks = async () => showWebhooks(await api('GET', '/webhooks'));
  const replay = async (hook, delivery) => {
    problem('');
    const result = await api('POST', '/webhooks/' + hook.webhookId + '/replay', { provider: delivery.provider, deliveryId: delivery.deliveryId });
    await refreshWebhooks();
    say('Delivery ' + delivery.deliveryId + ' replayed: ' + (OUTCOMES[result.outcome] || result.outcome) + '.');
    focusHeading('webhooks-title');
  };
  const removeWebhook = async (hook) => {
    if (!window.confirm('Remove the secrets of webhook ' + hook.webhookId + '? Its deliveries are then accepted unsigned.')) return;
    await api('DELETE', '/webhooks/' + hook.webhookId);
    await refreshWebhooks();
    say('Webhook ' + hook.webhookId + ' removed.');
    focusHeading('webhooks-title');
  };

  $('hook-url').addEventListener('input', buildRelayUrl);
  $('hook-provider').addEventListener('change', buildRelayUrl);
  $('hook-require').addEventListener('change', () => {
    boxChanged = true;
  });
  $('copy-relay').addEventListener('click', () => {
    $('relay-url').select();
    const done = () => say('Relay URL copied.');
    if (navigator.clipboard) navigator.clipboard.writeText($('relay-url').value).then(done, () => document.execCommand('copy') && done());
    else if (document.execCommand('copy')) done();
  });
  onSubmit($('save-webhook'), async () => {
    const provider = chosen();
    const secret = $('hook-secret').value;
    if (!provider || !provider.signature || !secret) return problem('Pick a provider that signs its deliveries and give its signing secret.');
    const registration = { webhookUrl: $('hook-url').value.trim(), secrets: { [provider.name]: secret } };
    if (boxChanged) registration.requireSignatures = $('hook-require').checked;
    const saved = await api('POST', '/webhooks', registration);
    $('hook-secret').value = '';
    // Saved as the box shows: it follows the webhook's setting again.
    boxChanged = false;
    boxShows = '';
    await refreshWebhooks();
    say('Webhook ' + saved.webhookId + ' saved: ' + saved.signedProviders.join(', ') + ' deliveries are checked.');
  });
`;
