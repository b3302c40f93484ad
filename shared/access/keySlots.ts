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
 * The account a key's requests are also counted against, as one count for all its keys (the
 * limiter's `accountKeysPrincipal`): a key that takes one of its owner's slots (keys from before
 * slots were recorded per key too). Else none: an operator's key made without an owner is limited
 * per key only.
 */
export const quotaAccountOf = (record: ApiKeyRecord): string | undefined =>
  record.holdsSlot === false ? undefined : record.owner;

/** A registry whose create takes `max`: the most active keys the key's owner may hold. */
export interface SlottedKeyRegistry extends KeyRegistry {
  create(key: NewKey, max?: number): Promise<CreatedKey>;
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
    async create(key, max) {
      const { owner } = key;
      if (owner === undefined) return registry.create(key);
      if (!(await stores.accounts.reserveKeySlot(owner, max)))
        throw new NoKeySlotError(`${owner} holds ${max} active keys`);
      try {
        return await registry.create({ ...key, holdsSlot: true });
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
