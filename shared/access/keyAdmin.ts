import type { ApiKeyRecord, ApiKeyStore } from '../store';
import { generateKeyId, generateKeyValue, hashKey } from './keys';

export interface CreatedKey {
  record: ApiKeyRecord;
  /** The key itself: shown once to whoever created it, never stored. */
  value: string;
}

export interface NewKey {
  name: string;
  owner?: string;
  /** Seeds a chosen key (local development); else one is generated. */
  value?: string;
  now?: Date;
  /** It takes one of its owner's key slots (keySlots.ts says when). */
  holdsSlot?: boolean;
  /** The slot index it takes, whose quota line it is counted on (keySlots.ts chooses it). */
  slot?: number;
}

/** What `npm run keys` manages: the local store alone, or in AWS the store plus API Gateway. */
export interface KeyRegistry {
  create(key: NewKey): Promise<CreatedKey>;
  list(): Promise<ApiKeyRecord[]>;
  /** Undefined when no key has that id. */
  revoke(id: string, at: string): Promise<ApiKeyRecord | undefined>;
}

/** A new key's value and record (not yet stored): the value hashed, an id, a timestamp. */
export function newKeyRecord(key: NewKey): CreatedKey {
  const value = key.value ?? generateKeyValue();
  const record: ApiKeyRecord = {
    id: generateKeyId(),
    name: key.name,
    owner: key.owner ?? key.name,
    keyHash: hashKey(value),
    createdAt: (key.now ?? new Date()).toISOString(),
    holdsSlot: key.holdsSlot ?? false,
    ...(key.slot === undefined ? {} : { slot: key.slot }),
  };
  return { record, value };
}

export async function createApiKey(store: ApiKeyStore, key: NewKey): Promise<CreatedKey> {
  const created = newKeyRecord(key);
  await store.put(created.record);
  return created;
}

/** The local registry: keys live in the table only (the local gateway has no usage plan). */
export const storeRegistry = (store: ApiKeyStore): KeyRegistry => ({
  create: (key) => createApiKey(store, key),
  list: () => store.list(),
  revoke: (id, at) => store.revoke(id, at),
});
