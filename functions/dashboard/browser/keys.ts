import {
  $,
  api,
  ApiError,
  busy,
  button,
  cell,
  copyField,
  focusHeading,
  labelCells,
  onSubmit,
  problem,
  say,
  when,
} from './kit';
import { showCharts, type Usage } from './usage';

/** A key as the dashboard API lists it (functions/dashboard/keys.ts). */
interface Key {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
  today?: { allowed: number; refused: number } | null;
}

let keySlotsFull = false;
// The key the "Your new key" panel and the usage panel show, if any.
let newKeyId = '';
let usageKeyId = '';

/** When a key was last used, to the second; "just now" within the last 10 seconds. */
export const lastUsed = (iso: string | null | undefined, now = Date.now()) =>
  iso && now - Date.parse(iso) < 10_000 ? 'just now' : when(iso);

const todayOf = (key: Key) =>
  key.today
    ? String(key.today.allowed + key.today.refused) + (key.today.refused ? ` (${key.today.refused} refused)` : '')
    : '';

function showKeys(data: { keys: Key[]; maxActiveKeys: number }): void {
  const body = $<HTMLTableElement>('keys').tBodies[0] as HTMLTableSectionElement;
  body.replaceChildren();
  const active = data.keys.filter((key) => !key.revokedAt);
  $('key-count').textContent = `${active.length} of ${data.maxActiveKeys} active keys`;
  keySlotsFull = active.length >= data.maxActiveKeys;
  $<HTMLButtonElement>('create-button').disabled = keySlotsFull || busy($('create-key'));
  $('no-keys').hidden = data.keys.length > 0;
  for (const key of data.keys) {
    const row = body.insertRow();
    cell(row, key.name);
    cell(row, key.id, true);
    cell(row, when(key.createdAt));
    cell(row, key.revokedAt ? '' : lastUsed(key.lastUsedAt));
    cell(row, todayOf(key));
    cell(row, key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'active');
    const actions = row.insertCell().appendChild(document.createElement('div'));
    if (key.revokedAt) continue;
    actions.className = 'row';
    actions.append(
      button('Usage', key.name, () => showUsage(key)),
      button('Roll', key.name, () => roll(key)),
      button('Revoke', key.name, () => revoke(key)),
    );
  }
  labelCells($<HTMLTableElement>('keys'));
}

export const refreshKeys = async () => showKeys(await api('GET', '/keys'));

/** A key gone (revoked): its value and usage panels are closed, if they showed it. */
function forget(key: Key): void {
  if (newKeyId === key.id) {
    $('new-key').hidden = true;
    $('new-key-value').value = '';
  }
  if (usageKeyId === key.id) $('usage').hidden = true;
}

/** A new key's value in the "Your new key" panel, selected to copy: the only time it is shown. */
function showNewKey(created: { key: Key; value: string }): void {
  newKeyId = created.key.id;
  $('new-key-value').value = created.value;
  $('new-key').hidden = false;
  $('new-key-value').focus();
  $('new-key-value').select();
}

async function revoke(key: Key): Promise<void> {
  if (!window.confirm(`Revoke ${key.name}? Requests with it are refused at once; this cannot be undone.`)) return;
  problem('');
  await api('DELETE', `/keys/${encodeURIComponent(key.id)}`);
  forget(key);
  await refreshKeys();
  say(`Key ${key.name} revoked.`);
  focusHeading('keys-title');
}

/**
 * Rolls a key (functions/dashboard/keyRoll.ts): a replacement of the same name, its value shown as a
 * new key's is, and the old key revoked; if that last step failed, the person is asked to revoke it.
 */
async function roll(key: Key): Promise<void> {
  const question =
    `Roll ${key.name}? A new key named ${key.name} is made and shown once, ` +
    'and the current one is revoked: programs using it are refused until they use the new one.';
  if (!window.confirm(question)) return;
  problem('');
  const rolled = await api<{ key: Key; value: string; replaced: Key }>(
    'POST',
    `/keys/${encodeURIComponent(key.id)}/roll`,
  );
  forget(key);
  showNewKey(rolled);
  await refreshKeys();
  if (rolled.replaced.revokedAt) say(`Key ${key.name} rolled: the old key is revoked; copy the new one now.`);
  else problem(`A new key ${key.name} was made, but the old one could not be revoked: revoke it yourself.`);
}

async function showUsage(key: Key): Promise<void> {
  problem('');
  const usage = await api<Usage>('GET', `/keys/${encodeURIComponent(key.id)}/usage`);
  $('usage-title').textContent = `Usage of ${key.name}`;
  showCharts(usage);
  usageKeyId = key.id;
  $('usage').hidden = false;
  $('usage-title').focus();
}

/** The keys section's forms and buttons. */
export function startKeys(): void {
  onSubmit(
    $<HTMLFormElement>('create-key'),
    async () => {
      const name = $('key-name').value.trim();
      if (!name) return problem('Give the key a name.');
      let created: { key: Key; value: string };
      try {
        created = await api('POST', '/keys', { name });
      } catch (error) {
        // Refused (the account's limit, too many a minute): the list and its count may be out of date.
        if (error instanceof ApiError) await refreshKeys().catch(() => {});
        throw error;
      }
      $('key-name').value = '';
      showNewKey(created);
      await refreshKeys();
    },
    () => !keySlotsFull,
  );
  $('copy-key').addEventListener('click', () => copyField($('new-key-value'), () => say('Key copied.')));
}
