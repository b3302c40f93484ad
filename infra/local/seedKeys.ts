import { createApiKey } from '../../shared/access/keyAdmin';
import { hashKey } from '../../shared/access/keys';
import type { ApiKeyStore } from '../../shared/store';
import { LOCAL_ACCOUNT } from '../../functions/dashboard/signInProviders';

export interface SeedResult {
  /** Key values usable right away; a generated one is printed once at start. */
  keys: { id: string; value: string; owner: string; revoked: boolean }[];
  /** True when no key value was given and one was generated (its value must be shown). */
  generated: boolean;
}

/**
 * LOCAL_API_KEY seeds the listed key values (comma-separated, one owner each); keys that already
 * exist in a persisted store are kept as they are. Unset, a fresh key is created. The first key
 * (or the fresh one) belongs to the local sign-in's account, so the dashboard shows its bots and
 * webhooks; the others to accounts of their own (`local-2`, ...), to try what another sees.
 */
export async function seedKeys(store: ApiKeyStore, localApiKey: string | undefined): Promise<SeedResult> {
  const values = (localApiKey ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0) {
    const { record, value } = await createApiKey(store, { name: 'local', owner: LOCAL_ACCOUNT.id });
    return { keys: [{ id: record.id, value, owner: record.owner, revoked: false }], generated: true };
  }
  const keys: SeedResult['keys'] = [];
  for (const [index, value] of values.entries()) {
    const existing = await store.getByHash(hashKey(value));
    if (existing) {
      keys.push({ id: existing.id, value, owner: existing.owner, revoked: Boolean(existing.revokedAt) });
      continue;
    }
    const owner = index === 0 ? LOCAL_ACCOUNT.id : `local-${index + 1}`;
    const { record } = await createApiKey(store, { name: `LOCAL_API_KEY #${index + 1}`, owner, value });
    keys.push({ id: record.id, value, owner, revoked: false });
  }
  return { keys, generated: false };
}
