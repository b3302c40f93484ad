import type { AccountStore, ApiKeyRecord, ApiKeyStore } from '../store';
import { beyondRequestBudget } from '../aws/requestBudget';
import type { CreatedKey, KeyRegistry, NewKey } from './keyAdmin';

/** At most this many active keys per dashboard account: its key slots. */
export const MAX_ACTIVE_KEYS = 5;

/** Every key slot of the account is taken. */
export class NoKeySlotError extends Error {
  override readonly name = 'NoKeySlotError';
}

/**
 * The quota line a key's requests are counted on: its owner's slot index, so a key revoked and
 * replaced in that slot goes on with the same count and an account's keys never have more than
 * MAX_ACTIVE_KEYS quotas. Undefined for a key holding no index (made without an owner, or before
 * indexes were recorded): it is limited per key only.
 */
export const quotaLineOf = (record: ApiKeyRecord): string | undefined =>
  record.slot === undefined ? undefined : `${record.owner}#${record.slot}`;

/**
 * The lowest slot index no active key of the owner holds. Should every index be held (keys made
 * concurrently, or past the limit by an operator), the lowest anyway: two keys on one line share
 * one quota, never add one.
 */
async function freeSlotIndex(apiKeys: ApiKeyStore, owner: string): Promise<number> {
  const held = new Set((await apiKeys.listByOwner(owner)).filter((key) => !key.revokedAt).map((key) => key.slot));
  for (let index = 0; index < MAX_ACTIVE_KEYS; index += 1) if (!held.has(index)) return index;
  return 0;
}

/**
 * A registry whose create takes `max`, the most active keys the key's owner may hold, and `slot`,
 * the slot index to take (a roll passes the old key's), else the lowest free one.
 */
export interface SlottedKeyRegistry extends KeyRegistry {
  create(key: NewKey, max?: number, slot?: number): Promise<CreatedKey>;
}

/**
 * Keys counted against their owner's slots (the dashboard's "5 active keys"): the dashboard and
 * `npm run keys` both go through here, so the count enforced is the keys there are. Taking and
 * giving back slots is safe against failures and retries, as docs/design.md ("API key slots") explains.
 */
export function slottedKeys(
  registry: KeyRegistry,
  stores: { accounts: AccountStore; apiKeys: ApiKeyStore },
): SlottedKeyRegistry {
  return {
    async create(key, max, slot) {
      const { owner } = key;
      if (owner === undefined) return registry.create(key);
      if (!(await stores.accounts.reserveKeySlot(owner, max)))
        throw new NoKeySlotError(`${owner} holds ${max} active keys`);
      try {
        const index = slot ?? (await freeSlotIndex(stores.apiKeys, owner));
        return await registry.create({ ...key, holdsSlot: true, slot: index });
      } catch (error) {
        await beyondRequestBudget(() => stores.accounts.releaseKeySlot(owner));
        throw error;
      }
    },
    list: () => registry.list(),
    async revoke(id, at) {
      const record = await registry.revoke(id, at);
      if (!record) return undefined;
      const giveBack =
        record.holdsSlot === undefined
          ? record.revokedAt === at
          : record.holdsSlot && (await stores.apiKeys.giveUpSlot(record));
      if (giveBack) await stores.accounts.releaseKeySlot(record.owner);
      return record;
    },
  };
}
