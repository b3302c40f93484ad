import { describe, expect, test } from '@jest/globals';
import { registerBotBody } from '../../shared/routes/schemas/bots';
import type { BotStore } from '../../shared/store';
import type { ListingKey } from '../../shared/store/bots/index';
import { suiteStore } from '../support/dynamo';
import { TRICKY_NAMES } from '../support/trickyBotNames';

/** The listing by name on dynalite, which orders sort keys by their bytes as DynamoDB does. */
const store = suiteStore();

const id = (n: number) => String(300000000000000000n + BigInt(n));

/** Registered and verified in an order unlike the listing's, so the index, not the insertion, orders them. */
async function listAll(bots: BotStore, names: readonly string[]) {
  const order = names.map((name, n) => ({ name, clientId: id(n) })).reverse();
  for (const { name, clientId } of order) {
    await bots.register(clientId, 'owner', registerBotBody.parse({ name }), new Date());
    await bots.verify(clientId, 'owner', { name }, new Date());
  }
}

/** Every page of the listing by name, `limit` at a time. */
async function walk(bots: BotStore, limit: number) {
  const names: string[] = [];
  let after: ListingKey | undefined;
  do {
    const page = await bots.list({ limit, sort: 'name', after });
    expect(page.bots.length).toBeLessThanOrEqual(limit);
    names.push(...page.bots.map((bot) => bot.name));
    after = page.next;
  } while (after && names.length <= TRICKY_NAMES.length);
  return names;
}

describe('listing by name', () => {
  test('a name sorts before longer names it begins, case aside; pages of any size cut anywhere', async () => {
    const { stores } = store();
    await listAll(stores.bots, TRICKY_NAMES);
    expect((await stores.bots.list({ limit: 100, sort: 'name' })).bots.map((bot) => bot.name)).toEqual(TRICKY_NAMES);
    // Pages of 1 and 2 end between "ab" and its tie "Ab", 3 between "Ab" and "ab c", and so on.
    for (const limit of [1, 2, 3, 4, 5]) expect(await walk(stores.bots, limit)).toEqual(TRICKY_NAMES);
  });
});
