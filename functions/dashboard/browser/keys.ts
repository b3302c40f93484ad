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
    cell(row, key.revokedAt ? '' : when(key.lastUsedAt));
    cell(row, todayOf(key));
    cell(row, key.revokedAt ? `revoked ${when(key.revokedAt)}` : 'active');
    const actions = row.insertCell().appendChild(document.createElement('div'));
    if (key.revokedAt) continue;
    actions.className = 'row';
    actions.append(
      button('Usage', key.name, () => showUsage(key)),
      button('Revoke', key.name, () => revoke(key)),
    );
  }
  labelCells($<HTMLTableElement>('keys'));
}

export const refreshKeys = async () => showKeys(await api('GET', '/keys'));

async function revoke(key: Key): Promise<void> {
  problem('');
  await api('DELETE', `/keys/${encodeURIComponent(key.id)}`);
  if (newKeyId === key.id) {
    $('new-key').hidden = true;
    $('new-key-value').value = '';
  }
  if (usageKeyId === key.id) $('usage').hidden = true;
  await refreshKeys();
  say(`Key ${key.name} revoked.`);
  focusHeading('keys-title');
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
      newKeyId = created.key.id;
      $('new-key-value').value = created.value;
      $('new-key').hidden = false;
      $('new-key-value').focus();
      $('new-key-value').select();
      await refreshKeys();
    },
    () => !keySlotsFull,
  );
  $('copy-key').addEventListener('click', () => copyField($('new-key-value'), () => say('Key copied.')));
}
