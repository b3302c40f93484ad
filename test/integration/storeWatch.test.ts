import { describe, expect, test } from '@jest/globals';
import { createApiKey } from '../../shared/access/keyAdmin';
import { hashKey } from '../../shared/access/keys';
import { keyEnabledIn } from '../../infra/local/gateway';
import { rememberEnabledKeys } from '../../infra/local/usagePlanMemo';
import { suiteStore } from '../support/dynamo';

const store = suiteStore();

/** What one piece of work asked of the embedded store: its calls, and its writes to API key records. */
async function asked(work: () => Promise<unknown>): Promise<{ calls: number; keyWrites: number }> {
  const { watch } = store().dynamo;
  const [calls, keyWrites] = [watch.calls(), watch.keyWrites()];
  await work();
  return { calls: watch.calls() - calls, keyWrites: watch.keyWrites() - keyWrites };
}

describe('the embedded store counts what it is asked', () => {
  test('every call, and the writes to API key records among them', async () => {
    const { stores } = store();
    // A first request mid-hour is the one write that seeds its hour.
    const take = { principal: 'key:abc', limit: 5, nowMs: Date.UTC(2026, 0, 1, 12, 30), keepUntil: 0 };
    expect(await asked(() => stores.rateCounters.take(take))).toEqual({ calls: 1, keyWrites: 0 });
    const created = await createApiKey(stores.apiKeys, { name: 'watched' });
    const hash = hashKey(created.value);
    expect(await asked(() => stores.apiKeys.getByHash(hash))).toEqual({ calls: 1, keyWrites: 0 });
    const revoke = await asked(() => stores.apiKeys.revoke(created.record.id, new Date().toISOString()));
    expect(revoke.keyWrites).toBeGreaterThan(0);
    expect((await asked(() => createApiKey(stores.apiKeys, { name: 'another' }))).keyWrites).toBeGreaterThan(0);
  });
});

describe('the gateway remembers an enabled key until a key record is written', () => {
  test('asks the store once, then not again; a revoke is seen at the next request', async () => {
    const { stores, dynamo } = store();
    const enabled = rememberEnabledKeys(keyEnabledIn(stores.apiKeys), dynamo.watch.keyWrites);
    const { record, value } = await createApiKey(stores.apiKeys, { name: 'remembered' });
    const hash = hashKey(value);
    expect(await asked(() => enabled(hash))).toEqual({ calls: 1, keyWrites: 0 });
    expect(await asked(() => enabled(hash))).toEqual({ calls: 0, keyWrites: 0 });
    await stores.rateCounters.take({ principal: 'key:other', limit: 5, nowMs: Date.now(), keepUntil: 0 });
    expect(await asked(() => enabled(hash))).toEqual({ calls: 0, keyWrites: 0 });
    await stores.apiKeys.revoke(record.id, new Date().toISOString());
    expect(await enabled(hash)).toBe(false);
    expect(await asked(() => enabled(hash))).toEqual({ calls: 1, keyWrites: 0 });
  });

  test('a key write answered while the store was being asked: the answer is not remembered', async () => {
    let writes = 0;
    let asks = 0;
    const enabled = rememberEnabledKeys(
      async () => {
        asks += 1;
        writes += 1; // a revoke lands while this read is under way
        return true;
      },
      () => writes,
    );
    expect([await enabled('h'), await enabled('h')]).toEqual([true, true]);
    expect(asks).toBe(2);
  });

  test('a disabled key is asked about every time', async () => {
    let asks = 0;
    const enabled = rememberEnabledKeys(
      async () => {
        asks += 1;
        return false;
      },
      () => 0,
    );
    expect([await enabled('h'), await enabled('h')]).toEqual([false, false]);
    expect(asks).toBe(2);
  });
});
