import { afterAll, describe, expect, test } from '@jest/globals';
import { createStores } from '../../shared/store';
import { useDiscordSignIn } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY } from '../support/localApi';

/** Rolling a key on the dashboard (POST /dashboard/api/keys/{id}/roll), against the local server's store. */
const { api, signedInAs } = useDiscordSignIn();
let users = 0;
const newUser = () => ({ id: `20000000000000${String(8000 + ++users)}`, username: `roller${users}` });
const rankCard = (key: string) => call(`${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key });
// The local server's store, opened once it runs: the slot index a key holds is not shown by the API.
let stores: ReturnType<typeof createStores> | undefined;
afterAll(() => stores?.db.destroy());
const slotOf = async (keyId: string) => {
  stores ??= createStores();
  return (await stores.apiKeys.getById(keyId))?.slot;
};

describe('rolling a key', () => {
  test('a replacement of the same name, its value once; the old key revoked and refused at once', async () => {
    const browser = await signedInAs(newUser());
    const csrf = await browser.csrf();
    const old = (await browser.api('POST', '/keys', { name: 'my bot' }, csrf)).json.data;
    expect((await rankCard(old.value)).status).toBe(200);

    expectErrorEnvelope(await browser.api('POST', `/keys/${old.key.id}/roll`), 403, 'FORBIDDEN');
    const rolled = await browser.api('POST', `/keys/${old.key.id}/roll`, undefined, csrf);
    expect(rolled.status).toBe(201);
    const { key, value, replaced } = rolled.json.data;
    expect(key).toEqual({
      id: expect.stringMatching(/^key_[0-9a-f]{16}$/),
      name: 'my bot',
      createdAt: expect.any(String),
    });
    expect(key.id).not.toBe(old.key.id);
    expect(value).not.toBe(old.value);
    expect(replaced).toEqual({ ...old.key, revokedAt: expect.any(String) });
    expect((await rankCard(old.value)).status).toBe(401);
    expect((await rankCard(value)).status).toBe(200);

    const listed = (await browser.api('GET', '/keys')).json.data.keys;
    expect(listed.map((k: { id: string; revokedAt?: string }) => [k.id, Boolean(k.revokedAt)])).toEqual([
      [key.id, false],
      [old.key.id, true],
    ]);
    // A revoked key cannot be rolled; another account's is not there.
    expectErrorEnvelope(await browser.api('POST', `/keys/${old.key.id}/roll`, undefined, csrf), 403, 'FORBIDDEN');
    const other = await signedInAs(newUser());
    expectErrorEnvelope(
      await other.api('POST', `/keys/${key.id}/roll`, undefined, await other.csrf()),
      404,
      'NOT_FOUND',
    );
  });

  test('with all five slots taken a key still rolls, and the count stays five: a sixth is still refused', async () => {
    const browser = await signedInAs(newUser());
    const csrf = await browser.csrf();
    const made = [];
    for (let n = 1; n <= 5; n += 1)
      made.push((await browser.api('POST', '/keys', { name: `key ${n}` }, csrf)).json.data);
    const rolled = await browser.api('POST', `/keys/${made[2].key.id}/roll`, undefined, csrf);
    expect(rolled.status).toBe(201);
    expect(rolled.json.data.replaced.revokedAt).toEqual(expect.any(String));
    const active = (await browser.api('GET', '/keys')).json.data.keys.filter(
      (k: { revokedAt?: string }) => !k.revokedAt,
    );
    expect(active).toHaveLength(5);
    expectErrorEnvelope(await browser.api('POST', '/keys', { name: 'a sixth' }, csrf), 403, 'FORBIDDEN');
    // Rolled again (each roll is one of the account's 10 key creations a minute), the slots stay five.
    const again = await browser.api('POST', `/keys/${rolled.json.data.key.id}/roll`, undefined, csrf);
    expect(again.status).toBe(201);
    const current = again.json.data.key.id;
    expectErrorEnvelope(await browser.api('POST', '/keys', { name: 'a sixth' }, csrf), 403, 'FORBIDDEN');
    // Each replacement holds the slot index of the key it replaced: its requests go on on the same quota line.
    expect(await Promise.all(made.map(({ key }) => slotOf(key.id)))).toEqual([0, 1, 2, 3, 4]);
    expect([await slotOf(rolled.json.data.key.id), await slotOf(current)]).toEqual([2, 2]);
    expect((await browser.api('DELETE', `/keys/${current}`, undefined, csrf)).status).toBe(200);
    const fifth = await browser.api('POST', '/keys', { name: 'a fifth' }, csrf);
    expect(fifth.status).toBe(201);
    expect(await slotOf(fifth.json.data.key.id)).toBe(2);
  });
});
