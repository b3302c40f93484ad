import { describe, expect, test } from '@jest/globals';
import { hashKey } from '../../shared/access/keys';
import { storeRegistry, type KeyRegistry } from '../../shared/access/keyAdmin';
import { MAX_ACTIVE_KEYS, NoKeySlotError, quotaLineOf, slottedKeys } from '../../shared/access/keySlots';
import { suiteStore } from '../support/dynamo';

/**
 * Key slots on dynalite: the dashboard's limit of active keys per account holds whoever makes or
 * revokes keys (the dashboard with its limit, the operator's CLI without), and a slot is given back
 * exactly once per key, however the revocation is retried.
 */
const store = suiteStore();
let account = 0;
const MAX = 2;
const keys = (registry: KeyRegistry = storeRegistry(store().stores.apiKeys)) => slottedKeys(registry, store().stores);
const newOwner = () => `acct-${++account}`;
const active = async (owner: string) =>
  (await store().stores.apiKeys.listByOwner(owner)).filter((key) => !key.revokedAt).length;
const at = (n: number) => new Date(Date.UTC(2026, 10, 25, 0, 0, n)).toISOString();

describe('key slots', () => {
  test('the dashboard makes keys up to its limit; a revoked key frees its slot', async () => {
    const owner = newOwner();
    const made = [await keys().create({ name: 'a', owner }, MAX), await keys().create({ name: 'b', owner }, MAX)];
    expect(made.map(({ record }) => record.holdsSlot)).toEqual([true, true]);
    await expect(keys().create({ name: 'c', owner }, MAX)).rejects.toThrow(NoKeySlotError);
    await keys().revoke(made[0]!.record.id, at(1));
    expect((await keys().create({ name: 'c', owner }, MAX)).record.owner).toBe(owner);
    expect(await active(owner)).toBe(MAX);
  });

  test('revoking the same key twice at once, or again later, gives its slot back once', async () => {
    const owner = newOwner();
    const [first] = [await keys().create({ name: 'a', owner }, MAX), await keys().create({ name: 'b', owner }, MAX)];
    await Promise.all([keys().revoke(first.record.id, at(1)), keys().revoke(first.record.id, at(2))]);
    await keys().revoke(first.record.id, at(3));
    await keys().create({ name: 'c', owner }, MAX);
    await expect(keys().create({ name: 'd', owner }, MAX)).rejects.toThrow(NoKeySlotError);
    expect((await store().stores.apiKeys.getById(first.record.id))?.holdsSlot).toBe(false);
  });

  test("the operator's keys count too; the dashboard makes none until enough are revoked", async () => {
    const owner = newOwner();
    const operator = [];
    for (const name of ['x', 'y', 'z']) operator.push(await keys().create({ name, owner }));
    expect(await active(owner)).toBe(3);
    await expect(keys().create({ name: 'dash', owner }, MAX)).rejects.toThrow(NoKeySlotError);
    await keys().revoke(operator[0]!.record.id, at(1));
    await expect(keys().create({ name: 'dash', owner }, MAX)).rejects.toThrow(NoKeySlotError);
    await keys().revoke(operator[1]!.record.id, at(2));
    await keys().create({ name: 'dash', owner }, MAX);
    expect(await active(owner)).toBe(MAX);
  });

  test('a revocation that fails after marking the key gives the slot back on its retry', async () => {
    const owner = newOwner();
    const plain = storeRegistry(store().stores.apiKeys);
    let fail = true;
    // As in AWS when API Gateway is throttled after the record is marked revoked.
    const flaky: KeyRegistry = {
      ...plain,
      revoke: async (id, when) => {
        const record = await plain.revoke(id, when);
        if (fail) {
          fail = false;
          throw new Error('TooManyRequestsException');
        }
        return record;
      },
    };
    const [first] = [await keys().create({ name: 'a', owner }, MAX), await keys().create({ name: 'b', owner }, MAX)];
    await expect(keys(flaky).revoke(first.record.id, at(1))).rejects.toThrow('TooManyRequests');
    await expect(keys().create({ name: 'c', owner }, MAX)).rejects.toThrow(NoKeySlotError);
    const retried = await keys(flaky).revoke(first.record.id, at(2));
    expect(retried?.revokedAt).toBe(at(1));
    await keys().create({ name: 'c', owner }, MAX);
  });

  test('a key from before slots were recorded per key gives its slot back with the call that revokes it', async () => {
    const owner = newOwner();
    await store().stores.accounts.reserveKeySlot(owner, MAX);
    await store().stores.accounts.reserveKeySlot(owner, MAX);
    const legacy = { id: 'key_legacy0001', name: 'old', owner, keyHash: hashKey('legacy-value-1'), createdAt: at(0) };
    await store().stores.apiKeys.put(legacy);
    await keys().revoke(legacy.id, at(1));
    await keys().revoke(legacy.id, at(2));
    await keys().create({ name: 'new', owner }, MAX);
    await expect(keys().create({ name: 'newer', owner }, MAX)).rejects.toThrow(NoKeySlotError);
  });

  test('a key without an owner (a name only) takes no slot', async () => {
    const { record } = await keys().create({ name: 'service' });
    expect(record).toMatchObject({ owner: 'service', holdsSlot: false });
    for (let i = 0; i < MAX + 1; i += 1) await keys().create({ name: 'service' }, MAX);
  });
});

describe('slot indexes: the quota lines keys are counted on', () => {
  const slotsOf = (made: { record: { slot?: number } }[]) => made.map(({ record }) => record.slot);

  test('each new key takes the lowest index free; a revoked key frees its index for the next', async () => {
    const owner = newOwner();
    const made = [];
    for (const name of ['a', 'b', 'c']) made.push(await keys().create({ name, owner }, MAX_ACTIVE_KEYS));
    expect(slotsOf(made)).toEqual([0, 1, 2]);
    expect(made.map(({ record }) => quotaLineOf(record))).toEqual([`${owner}#0`, `${owner}#1`, `${owner}#2`]);
    await keys().revoke(made[1]!.record.id, at(1));
    const next = await keys().create({ name: 'd', owner }, MAX_ACTIVE_KEYS);
    expect(next.record.slot).toBe(1);
    expect((await keys().create({ name: 'e', owner }, MAX_ACTIVE_KEYS)).record.slot).toBe(3);
    // Stored as made: the authorizer reads it back by hash.
    expect((await store().stores.apiKeys.getByHash(next.record.keyHash))?.slot).toBe(1);
  });

  test("a given index is taken as is (a roll's), though its key is still active", async () => {
    const owner = newOwner();
    const old = await keys().create({ name: 'a', owner }, MAX_ACTIVE_KEYS);
    await keys().create({ name: 'b', owner }, MAX_ACTIVE_KEYS);
    const replacement = await keys().create({ name: 'a', owner }, MAX_ACTIVE_KEYS + 1, old.record.slot);
    expect([old.record.slot, replacement.record.slot]).toEqual([0, 0]);
  });

  test('with every index held, the lowest: two keys on one line share one quota', async () => {
    const owner = newOwner();
    const made = [];
    // The operator's CLI passes no limit: it may make more keys than there are indexes.
    for (let n = 0; n <= MAX_ACTIVE_KEYS; n += 1) made.push(await keys().create({ name: `k${n}`, owner }));
    expect(slotsOf(made)).toEqual([0, 1, 2, 3, 4, 0]);
  });

  test('a key from before indexes were recorded holds none: it has no quota line, and index 0 stays free', async () => {
    const owner = newOwner();
    await store().stores.accounts.reserveKeySlot(owner, MAX);
    const legacy = { id: 'key_legacy0002', name: 'old', owner, keyHash: hashKey('legacy-value-2'), createdAt: at(0) };
    await store().stores.apiKeys.put(legacy);
    expect(quotaLineOf(legacy)).toBeUndefined();
    expect((await keys().create({ name: 'new', owner }, MAX_ACTIVE_KEYS)).record.slot).toBe(0);
  });

  test('a key without an owner takes no index, and has no quota line', async () => {
    const { record } = await keys().create({ name: 'service-2' });
    expect(record).not.toHaveProperty('slot');
    expect(quotaLineOf(record)).toBeUndefined();
  });

  test('reading the indexes held failing gives the reserved slot back', async () => {
    const owner = newOwner();
    const failing = {
      ...store().stores,
      apiKeys: Object.assign(Object.create(store().stores.apiKeys), {
        listByOwner: () => Promise.reject(new Error('Query failed')),
      }),
    };
    const broken = slottedKeys(storeRegistry(store().stores.apiKeys), failing);
    for (let n = 0; n <= MAX; n += 1) await expect(broken.create({ name: 'x', owner }, MAX)).rejects.toThrow('Query');
    await keys().create({ name: 'a', owner }, MAX);
    await keys().create({ name: 'b', owner }, MAX);
  });
});
