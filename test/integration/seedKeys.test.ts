import { expect, test } from '@jest/globals';
import { LOCAL_ACCOUNT } from '../../functions/dashboard/signInProviders';
import { quotaLineOf } from '../../shared/access/keySlots';
import { seedKeys } from '../../infra/local/seedKeys';
import { suiteStore } from '../support/dynamo';

/** The keys `npm start` seeds take their owner's slots as dashboard keys do, slot indexes (quota lines) included. */
const store = suiteStore();

const lineOf = async (id: string) => {
  const record = await store().stores.apiKeys.getById(id);
  return record && quotaLineOf(record);
};

test('each seeded key holds the first slot index of its account', async () => {
  const { keys } = await seedKeys(store().stores, 'seed-one-0123456789,seed-two-0123456789');
  expect(await Promise.all(keys.map(({ id }) => lineOf(id)))).toEqual([`${LOCAL_ACCOUNT.id}#0`, 'local-2#0']);
});

test('a fresh key made at start does too, beside the seeded one of the same account', async () => {
  const { keys, generated } = await seedKeys(store().stores, undefined);
  expect(generated).toBe(true);
  expect(await lineOf(keys[0]!.id)).toBe(`${LOCAL_ACCOUNT.id}#1`);
});
