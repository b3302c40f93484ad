import { expect, test } from '@jest/globals';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { suiteStore } from '../support/dynamo';

/**
 * The relay's attempts that leave no delivery (a refused signature, a duplicate) in dynalite: each
 * listed with its outcome and time, and a flood of them kept to one item per outcome and minute.
 */
const store = suiteStore();

const NOW = Date.parse('2026-11-27T12:00:10.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000);
let next = 0;
const hookId = () => String(310000000000000000n + BigInt(++next));

/** Every item the webhook's attempts left in the table (what a flood could grow). */
async function attemptItems(webhookId: string) {
  const { Items } = await store().stores.db.send(
    new QueryCommand({
      TableName: store().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :attempt)',
      ExpressionAttributeValues: { ':pk': `HOOK#${webhookId}`, ':attempt': 'ATTEMPT#' },
    }),
  );
  return Items ?? [];
}

test('each outcome is listed with its time, the delivery it names, and apart from the other', async () => {
  const id = hookId();
  const attempts = store().stores.attempts;
  await attempts.record(id, { outcome: 'signatureRefused', provider: 'github' }, at(0));
  await attempts.record(id, { outcome: 'duplicate', provider: 'github', event: 'push', deliveryId: 'd-1' }, at(1));
  expect(await attempts.latest(id, 'signatureRefused', 20, at(2))).toEqual([
    {
      webhookId: id,
      outcome: 'signatureRefused',
      provider: 'github',
      count: 1,
      firstAt: at(0).toISOString(),
      lastAt: at(0).toISOString(),
    },
  ]);
  expect(await attempts.latest(id, 'duplicate', 20, at(2))).toEqual([
    expect.objectContaining({ outcome: 'duplicate', event: 'push', deliveryId: 'd-1', lastAt: at(1).toISOString() }),
  ]);
  // Another webhook's attempts are not this one's.
  expect(await attempts.latest(hookId(), 'duplicate', 20, at(2))).toEqual([]);
});

test('a flood of refused signatures is one item a minute: counted, with its first and last time', async () => {
  const id = hookId();
  const attempts = store().stores.attempts;
  // 300 within one minute, then 2 in each of the next two minutes.
  for (let batch = 0; batch < 30; batch += 1)
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        attempts.record(id, { outcome: 'signatureRefused', provider: 'github' }, at(batch + index / 100)),
      ),
    );
  for (const second of [60, 61, 120, 121])
    await attempts.record(id, { outcome: 'signatureRefused', provider: 'gitlab' }, at(second));
  const items = await attemptItems(id);
  expect(items).toHaveLength(3);
  const listed = await attempts.latest(id, 'signatureRefused', 20, at(130));
  expect(listed.map(({ count, provider }) => ({ count, provider }))).toEqual([
    { count: 2, provider: 'gitlab' },
    { count: 2, provider: 'gitlab' },
    { count: 300, provider: 'github' },
  ]);
  expect(listed[2]).toMatchObject({ firstAt: at(0).toISOString() });
  // Each item stays small and expires a day and an hour after its last attempt.
  for (const item of items) expect(JSON.stringify(item).length).toBeLessThan(600);
  expect(items.map((item) => item.expiresAt)).toContain(Math.floor(at(121).getTime() / 1000) + 25 * 3600);
  // `limit` items at most are read, the newest.
  expect((await attempts.latest(id, 'signatureRefused', 1, at(130))).map(({ lastAt }) => lastAt)).toEqual([
    at(121).toISOString(),
  ]);
});

test('attempts older than a day are no longer listed, and long fields are cut', async () => {
  const id = hookId();
  const attempts = store().stores.attempts;
  await attempts.record(
    id,
    { outcome: 'duplicate', provider: 'github', event: 'e'.repeat(500), deliveryId: 'x' },
    at(0),
  );
  const [listed] = await attempts.latest(id, 'duplicate', 20, at(60));
  expect(listed?.event).toHaveLength(100);
  expect(await attempts.latest(id, 'duplicate', 20, at(24 * 3600 + 1))).toEqual([]);
});

test('a later attempt without an event in the same minute does not keep the earlier one', async () => {
  const id = hookId();
  const attempts = store().stores.attempts;
  await attempts.record(id, { outcome: 'duplicate', provider: 'github', event: 'push', deliveryId: 'd-1' }, at(0));
  await attempts.record(id, { outcome: 'duplicate', provider: 'gitlab' }, at(1));
  const [listed] = await attempts.latest(id, 'duplicate', 20, at(2));
  expect(listed).toEqual(expect.objectContaining({ provider: 'gitlab', count: 2 }));
  expect(listed).not.toHaveProperty('event');
  expect(listed).not.toHaveProperty('deliveryId');
});
