import { BOTS_SCRIPT } from './botsSection';
import { WEBHOOKS_SCRIPT } from './webhooksSection';

/**
 * The dashboard page's only script, run in the browser: a thin client of /dashboard/api (its
 * answers are the JSON envelope). Plain JavaScript in a string, embedded as it is (its hash pins it
 * in the page's CSP): the shared helpers and the keys here, each other section's part from its own
 * module. Everything a person typed goes into the page as text, never as markup.
 */
export const DASHBOARD_SCRIPT = `(() => {
  const $ = (id) => document.getElementById(id);
  // Signed in, the page carries the session's CSRF token; signed out there is nothing to do.
  if (!$('session')) return;
  $('needs-script').remove();
  const csrf = JSON.parse($('session').textContent).csrfToken;
  const base = window.location.pathname.replace(/\\/+$/, '') + '/api';
  // The API's root: the dashboard is its /dashboard page.
  const apiRoot = window.location.origin + window.location.pathname.replace(/\\/dashboard\\/*$/, '');

  const api = async (method, path, body) => {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') headers['X-CSRF-Token'] = csrf;
    const response = await fetch(base + path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json().catch(() => null);
    if (!response.ok || !answer || !answer.success) {
      const error = new Error((answer && answer.error && answer.error.message) || 'The server answered ' + response.status);
      error.status = response.status;
      throw error;
    }
    return answer.data;
  };
  const problem = (text) => { $('problem').textContent = text || ''; };
  const say = (text) => { $('status').textContent = text; };
  const when = (iso) => (iso ? new Date(iso).toLocaleString() : 'never');
  const cell = (row, text, code) => {
    const td = row.insertCell();
    if (code) td.appendChild(document.createElement('code')).textContent = text;
    else td.textContent = text;
    return td;
  };
  // Each body cell named by its column's header: on a phone the rows are stacked and show it (pageStyle.ts).
  const labelCells = (table) => {
    const names = Array.from(table.tHead.rows[0].cells, (th) => th.textContent);
    for (const row of table.tBodies[0].rows) for (const td of row.cells) if (names[td.cellIndex] !== 'Actions') td.dataset.label = names[td.cellIndex];
  };
  // A row's button runs one request at a time: disabled (a second click ignored) until it settles.
  const button = (label, name, onClick) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.setAttribute('aria-label', label + ' ' + name);
    element.addEventListener('click', async () => {
      if (element.disabled) return;
      element.disabled = true;
      try {
        await onClick();
      } finally {
        element.disabled = false;
      }
    });
    return element;
  };
  // A form sends one request at a time: a second submit (double click, Enter twice) is ignored and its
  // button disabled until the first settles; "enabled" says whether the button is usable otherwise.
  const busy = (form) => Boolean(form.dataset.busy);
  const onSubmit = (form, run, enabled = () => true) => form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy(form)) return;
    const submit = form.querySelector('button[type=submit]');
    form.dataset.busy = 'yes';
    submit.disabled = true;
    problem('');
    try {
      await run();
    } catch (error) {
      problem(error.message);
    } finally {
      delete form.dataset.busy;
      submit.disabled = !enabled();
    }
  });
  // After a row goes away (revoked, deleted, removed, replayed), focus its section's heading, not the page.
  const focusHeading = (id) => $(id).focus();

  let keySlotsFull = false;
  // The key the "Your new key" panel and the usage panel show, if any.
  let newKeyId = '';
  let usageKeyId = '';
  const showKeys = (data) => {
    const body = $('keys').tBodies[0];
    body.replaceChildren();
    const active = data.keys.filter((key) => !key.revokedAt);
    $('key-count').textContent = active.length + ' of ' + data.maxActiveKeys + ' active keys';
    keySlotsFull = active.length >= data.maxActiveKeys;
    $('create-button').disabled = keySlotsFull || busy($('create-key'));
    $('no-keys').hidden = data.keys.length > 0;
    for (const key of data.keys) {
      const row = body.insertRow();
      cell(row, key.name);
      cell(row, key.id, true);
      cell(row, when(key.createdAt));
      cell(row, key.revokedAt ? '' : when(key.lastUsedAt));
      cell(row, key.today ? String(key.today.allowed + key.today.refused) + (key.today.refused ? ' (' + key.today.refused + ' refused)' : '') : '');
      cell(row, key.revokedAt ? 'revoked ' + when(key.revokedAt) : 'active');
      const actions = row.insertCell().appendChild(document.createElement('div'));
      if (key.revokedAt) continue;
      actions.className = 'row';
      actions.append(
        button('Usage', key.name, () => showUsage(key).catch((error) => problem(error.message))),
        button('Revoke', key.name, () => revoke(key).catch((error) => problem(error.message))),
      );
    }
    labelCells($('keys'));
  };
  const refresh = async () => showKeys(await api('GET', '/keys'));

  const revoke = async (key) => {
    problem('');
    await api('DELETE', '/keys/' + encodeURIComponent(key.id));
    if (newKeyId === key.id) {
      $('new-key').hidden = true;
      $('new-key-value').value = '';
    }
    if (usageKeyId === key.id) $('usage').hidden = true;
    await refresh();
    say('Key ' + key.name + ' revoked.');
    focusHeading('keys-title');
  };

  const CHARTS = [['minutes', 'Requests per minute, last hour'], ['hours', 'Requests per hour, last 24 hours'], ['days', 'Requests per day, last 30 days']];
  const showUsage = async (key) => {
    problem('');
    const usage = await api('GET', '/keys/' + encodeURIComponent(key.id) + '/usage');
    $('usage-title').textContent = 'Usage of ' + key.name;
    for (const [span, title] of CHARTS) {
      const totals = usage[span].reduce((sum, bucket) => [sum[0] + bucket.allowed, sum[1] + bucket.refused], [0, 0]);
      const image = $('chart-' + span);
      image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(usage.charts[span]);
      image.alt = title + ': ' + totals[0] + ' let through, ' + totals[1] + ' refused (429)';
    }
    usageKeyId = key.id;
    $('usage').hidden = false;
    $('usage-title').focus();
  };

  onSubmit($('create-key'), async () => {
    const name = $('key-name').value.trim();
    if (!name) return problem('Give the key a name.');
    let created;
    try {
      created = await api('POST', '/keys', { name });
    } catch (error) {
      // Refused (the account's limit, too many a minute): the list and its count may be out of date.
      if (error.status) await refresh().catch(() => {});
      throw error;
    }
    $('key-name').value = '';
    newKeyId = created.key.id;
    $('new-key-value').value = created.value;
    $('new-key').hidden = false;
    $('new-key-value').focus();
    $('new-key-value').select();
    await refresh();
  }, () => !keySlotsFull);
  $('copy-key').addEventListener('click', () => {
    const field = $('new-key-value');
    field.select();
    const done = () => say('Key copied.');
    if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, () => document.execCommand('copy') && done());
    else if (document.execCommand('copy')) done();
  });
  // Reloaded once signed out (or when the session had already ended); a refusal is shown instead.
  $('sign-out').addEventListener('click', async () => {
    if ($('sign-out').disabled) return;
    $('sign-out').disabled = true;
    problem('');
    try {
      await api('POST', '/signout');
      window.location.reload();
    } catch (error) {
      if (error.status === 401) return window.location.reload();
      problem(error.message);
      $('sign-out').disabled = false;
    }
  });

${BOTS_SCRIPT}${WEBHOOKS_SCRIPT}
  Promise.all([refresh(), refreshBots(), refreshWebhooks(), loadProviders()]).catch((error) => problem(error.message));
})();`;
