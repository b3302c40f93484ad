import type { ApiKeyRecord, ApiKeyStore } from '../store';
import { generateKeyId, generateKeyValue, hashKey } from './keys';

export interface CreatedKey {
  record: ApiKeyRecord;
  /** The key itself: shown once to whoever created it, never stored. */
  value: string;
}

/** Creates a key record; `value` seeds a chosen key (local development), else one is generated. */
export async function createApiKey(
  store: ApiKeyStore,
  options: { name: string; owner?: string; value?: string; now?: Date },
): Promise<CreatedKey> {
  const value = options.value ?? generateKeyValue();
  const record: ApiKeyRecord = {
    id: generateKeyId(),
    name: options.name,
    owner: options.owner ?? options.name,
    keyHash: hashKey(value),
    createdAt: (options.now ?? new Date()).toISOString(),
  };
  await store.put(record);
  return { record, value };
}
