import { describe, expect, test } from '@jest/globals';
import { createApiKey } from '../../shared/access/keyAdmin';
import { hashKey } from '../../shared/access/keys';
import { suiteStore } from '../support/dynamo';

const store = suiteStore();

describe('API key store on dynalite', () => {
  test('stores only the hash, finds the key by hash and by id', async () => {
    const { record, value } = await createApiKey(store().stores.apiKeys, { name: 'bot dev', owner: 'alice' });
    expect(value).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ name: 'bot dev', owner: 'alice', keyHash: hashKey(value) });
    expect(JSON.stringify(await store().stores.apiKeys.list())).not.toContain(value);
    expect(await store().stores.apiKeys.getByHash(hashKey(value))).toEqual(record);
    expect(await store().stores.apiKeys.getById(record.id)).toEqual(record);
    expect(await store().stores.apiKeys.getByHash(hashKey(`${value}x`))).toBeUndefined();
  });

  test('a key made in AWS keeps its API Gateway key id', async () => {
    const { record, value } = await createApiKey(store().stores.apiKeys, { name: 'in aws' });
    // A different key value (so a different hash; never a collision with the first record).
    const withGateway = { ...record, keyHash: hashKey(`${value}-aws`), id: `${record.id}g`, gatewayKeyId: 'gw-123' };
    await store().stores.apiKeys.put(withGateway);
    expect(await store().stores.apiKeys.getById(withGateway.id)).toEqual(withGateway);
  });

  test('refuses a second record for the same key value', async () => {
    await createApiKey(store().stores.apiKeys, { name: 'one', value: 'same-value-123' });
    await expect(createApiKey(store().stores.apiKeys, { name: 'two', value: 'same-value-123' })).rejects.toThrow();
  });

  test('revoke marks the record once and is idempotent; unknown ids give undefined', async () => {
    const { record } = await createApiKey(store().stores.apiKeys, { name: 'to revoke' });
    const revoked = await store().stores.apiKeys.revoke(record.id, '2026-01-01T00:00:00.000Z');
    expect(revoked).toEqual({ ...record, revokedAt: '2026-01-01T00:00:00.000Z' });
    const again = await store().stores.apiKeys.revoke(record.id, '2027-01-01T00:00:00.000Z');
    expect(again?.revokedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(await store().stores.apiKeys.revoke('key_doesnotexist', '2026-01-01T00:00:00.000Z')).toBeUndefined();
  });

  test('list returns every key, across pages', async () => {
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createApiKey(store().stores.apiKeys, { name: `bulk-${i}` })),
    );
    const ids = new Set((await store().stores.apiKeys.list()).map((r) => r.id));
    for (const { record } of created) expect(ids.has(record.id)).toBe(true);
  });
});
