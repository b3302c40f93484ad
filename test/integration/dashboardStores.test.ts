import { describe, expect, test } from '@jest/globals';
import { createApiKey } from '../../shared/access/keyAdmin';
import { suiteStore } from '../support/dynamo';

/**
 * The dashboard's records on dynalite: sessions, sign-ins taken
 * once, key slots counted exactly, keys listed per account.
 */
const store = suiteStore();
const NOW = 1_800_000_000;

describe('sessions', () => {
  test('stored by hash, read until their expiry, gone when deleted; a second put of one id is refused', async () => {
    const { sessions } = store().stores;
    const session = {
      accountId: '200000000000000001',
      accountName: 'Ada',
      csrfToken: 'csrf',
      createdAt: '2027-01-15T08:00:00.000Z',
      expiresAt: NOW + 60,
    };
    await sessions.put('hash-1', session);
    expect(await sessions.get('hash-1', NOW)).toEqual(session);
    // DynamoDB's TTL deletes expired items late: the read refuses them itself.
    expect(await sessions.get('hash-1', NOW + 60)).toBeUndefined();
    await expect(sessions.put('hash-1', session)).rejects.toThrow();
    await sessions.delete('hash-1');
    expect(await sessions.get('hash-1', NOW)).toBeUndefined();
  });
});

describe('sign-ins', () => {
  test('of ten callbacks racing with one state, exactly one takes the sign-in', async () => {
    const { signIns } = store().stores;
    const signIn = {
      verifier: 'v'.repeat(43),
      redirectUri: 'http://127.0.0.1:3000/dashboard/callback',
      expiresAt: NOW + 600,
    };
    await signIns.put('state-1', signIn);
    const taken = await Promise.all(Array.from({ length: 10 }, () => signIns.take('state-1', NOW)));
    expect(taken.filter(Boolean)).toEqual([signIn]);
    expect(await signIns.take('state-1', NOW)).toBeUndefined();
  });

  test('an expired sign-in is not given (and is used up all the same)', async () => {
    const { signIns } = store().stores;
    await signIns.put('state-2', { verifier: 'v', redirectUri: 'r', expiresAt: NOW });
    expect(await signIns.take('state-2', NOW)).toBeUndefined();
    expect(await signIns.take('state-2', NOW - 10)).toBeUndefined();
  });
});

describe('key slots', () => {
  test('30 concurrent reservations of 5 slots: 5 succeed; a release frees one; never below zero', async () => {
    const { accounts } = store().stores;
    const results = await Promise.all(Array.from({ length: 30 }, () => accounts.reserveKeySlot('acct-race', 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
    await accounts.releaseKeySlot('acct-race');
    expect(
      await Promise.all([accounts.reserveKeySlot('acct-race', 5), accounts.reserveKeySlot('acct-race', 5)]),
    ).toEqual(expect.arrayContaining([true, false]));
    for (let i = 0; i < 8; i += 1) await accounts.releaseKeySlot('acct-race');
    const again = await Promise.all(Array.from({ length: 7 }, () => accounts.reserveKeySlot('acct-race', 5)));
    expect(again.filter(Boolean)).toHaveLength(5);
  });
});

describe("an account's keys", () => {
  test('listed newest first, only its own, revoked ones included', async () => {
    const { apiKeys } = store().stores;
    const made = [];
    for (const [i, owner] of ['acct-a', 'acct-b', 'acct-a', 'acct-a'].entries()) {
      made.push(
        (await createApiKey(apiKeys, { name: `k${i}`, owner, now: new Date(Date.UTC(2027, 0, 1, 0, i)) })).record,
      );
    }
    await apiKeys.revoke(made[0]!.id, '2027-02-01T00:00:00.000Z');
    const listed = await apiKeys.listByOwner('acct-a');
    expect(listed.map((key) => key.name)).toEqual(['k3', 'k2', 'k0']);
    expect(listed[2]?.revokedAt).toBe('2027-02-01T00:00:00.000Z');
    expect((await apiKeys.listByOwner('acct-b')).map((key) => key.name)).toEqual(['k1']);
    expect(await apiKeys.listByOwner('acct-c')).toEqual([]);
  });
});
