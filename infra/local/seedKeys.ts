import { storeRegistry } from '../../shared/access/keyAdmin';
import { hashKey } from '../../shared/access/keys';
import { slottedKeys } from '../../shared/access/keySlots';
import type { AccountStore, ApiKeyStore } from '../../shared/store';
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
export async function seedKeys(
  stores: { apiKeys: ApiKeyStore; accounts: AccountStore },
  localApiKey: string | undefined,
): Promise<SeedResult> {
  const store = stores.apiKeys;
  // Each takes a slot of its owner, as a dashboard key does, so the count shown is the one enforced.
  // No limit passed: a seeded key always gets its slot, like an operator's (keySlots.ts).
  const keys = slottedKeys(storeRegistry(store), stores);
  const values = (localApiKey ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0) {
    const { record, value } = await keys.create({ name: 'local', owner: LOCAL_ACCOUNT.id });
    return { keys: [{ id: record.id, value, owner: record.owner, revoked: false }], generated: true };
  }
  const seeded: SeedResult['keys'] = [];
  for (const [index, value] of values.entries()) {
    const existing = await store.getByHash(hashKey(value));
    if (existing) {
      seeded.push({ id: existing.id, value, owner: existing.owner, revoked: Boolean(existing.revokedAt) });
      continue;
    }
    const owner = index === 0 ? LOCAL_ACCOUNT.id : `local-${index + 1}`;
    const { record } = await keys.create({ name: `LOCAL_API_KEY #${index + 1}`, owner, value });
    seeded.push({ id: record.id, value, owner, revoked: false });
  }
  return { keys: seeded, generated: false };
}
