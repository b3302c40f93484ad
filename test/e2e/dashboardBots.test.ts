import { describe, expect, test } from '@jest/globals';
import { DashboardBrowser, useDiscordSignIn } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import type { FakeUser } from '../support/fakeDiscordOAuth';
import { call } from '../support/localApi';

/**
 * The dashboard's bots (served by the bots function): your bots, register,
 * verify, edit, delete, through the local server and a fake Discord.
 */
const { api, discord, signedInAs } = useDiscordSignIn();

const CAROL = { id: '200000000000000011', username: 'carol', global_name: 'Carol' };
const DAN = { id: '200000000000000012', username: 'dan', global_name: 'Dan' };
let next = 0;
const newId = () => String(500000000000000000n + BigInt(++next));

async function signedIn(user: FakeUser): Promise<{ browser: DashboardBrowser; csrf: string }> {
  const browser = await signedInAs(user);
  return { browser, csrf: await browser.csrf() };
}

describe('your bots on the dashboard', () => {
  test('register, list, verify, edit, delete; the public API sees the same bot', async () => {
    const { browser, csrf } = await signedIn(CAROL);
    const clientId = newId();
    const created = await browser.api(
      'PUT',
      `/bots/${clientId}`,
      { name: 'Carol bot', description: 'Mine', public: true },
      csrf,
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.json.data).toMatchObject({ clientId, name: 'Carol bot', owned: true, verified: false });
    const hidden = newId();
    expect((await browser.api('PUT', `/bots/${hidden}`, { name: 'Staging', public: false }, csrf)).status).toBe(201);

    const listed = await browser.api('GET', '/bots');
    expect(listed.status).toBe(200);
    expect(listed.json.data.bots.map((bot: { clientId: string }) => bot.clientId).sort()).toEqual(
      [clientId, hidden].sort(),
    );

    const botToken = discord().addApplication({ id: clientId, name: 'Carol bot (Discord)' });
    const verified = await browser.api('POST', `/bots/${clientId}/verify`, { botToken }, csrf);
    expect(verified.status).toBe(200);
    expect(verified.json.data).toMatchObject({ clientId, name: 'Carol bot', verified: true });
    expect(verified.text).not.toContain(botToken);

    // What the dashboard made is the account's: a key of that account writes it; the public listing shows it.
    const key = (await browser.api('POST', '/keys', { name: 'carol key' }, csrf)).json.data.value as string;
    const viaKey = await call(`${api.url}/v1/bots/${clientId}/stats`, {
      key,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ guilds: 12 }),
    });
    expect(viaKey.status).toBe(200);
    const publicList = await call(`${api.url}/v1/bots?limit=100`, { key });
    expect(publicList.json.data.bots.map((bot: { clientId: string }) => bot.clientId)).toContain(clientId);
    expect(publicList.json.data.bots.map((bot: { clientId: string }) => bot.clientId)).not.toContain(hidden);

    expect((await browser.api('PUT', `/bots/${clientId}`, { name: 'Carol bot 2' }, csrf)).json.data).toMatchObject({
      name: 'Carol bot 2',
      verified: true,
      guilds: 12,
    });
    expect((await browser.api('DELETE', `/bots/${hidden}`, undefined, csrf)).json.data).toEqual({
      clientId: hidden,
      deleted: true,
    });
    expect((await browser.api('GET', '/bots')).json.data.bots.map((bot: { clientId: string }) => bot.clientId)).toEqual(
      [clientId],
    );
  });

  test("another account sees and changes none of it; hidden bots' writes answer 404 as if absent", async () => {
    const carol = await signedIn(CAROL);
    const dan = await signedIn(DAN);
    const [publicBot, privateBot] = [newId(), newId()];
    await carol.browser.api('PUT', `/bots/${publicBot}`, { name: 'Public' }, carol.csrf);
    await carol.browser.api('PUT', `/bots/${privateBot}`, { name: 'Private', public: false }, carol.csrf);
    expect((await dan.browser.api('GET', '/bots')).json.data.bots).toEqual([]);
    expectErrorEnvelope(
      await dan.browser.api('PUT', `/bots/${publicBot}`, { name: 'Mine' }, dan.csrf),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(await dan.browser.api('DELETE', `/bots/${publicBot}`, undefined, dan.csrf), 404, 'NOT_FOUND');
    expectErrorEnvelope(await dan.browser.api('DELETE', `/bots/${privateBot}`, undefined, dan.csrf), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await dan.browser.api('PUT', `/bots/${privateBot}`, { name: 'Mine' }, dan.csrf),
      404,
      'NOT_FOUND',
    );
    // Unless Dan holds the bot's token: then the unverified claim is his.
    const taken = await dan.browser.api(
      'POST',
      `/bots/${publicBot}/verify`,
      { botToken: discord().addApplication({ id: publicBot, name: 'Really Dan' }) },
      dan.csrf,
    );
    expect(taken.status).toBe(201);
    expect(taken.json.data).toMatchObject({ name: 'Really Dan', owned: true, verified: true });
    const carols = (await carol.browser.api('GET', '/bots')).json.data.bots.map(
      (bot: { clientId: string }) => bot.clientId,
    );
    expect(carols).toContain(privateBot);
    expect(carols).not.toContain(publicBot);
    // Now verified, Dan's bot is refused to Carol's writes (403), as a public bot's are.
    expectErrorEnvelope(
      await carol.browser.api('PUT', `/bots/${publicBot}`, { name: 'Back' }, carol.csrf),
      403,
      'FORBIDDEN',
    );
  });

  test('no session -> 401; a write without the CSRF token -> 403 and nothing changes', async () => {
    const stranger = new DashboardBrowser(api.url);
    expectErrorEnvelope(await stranger.api('GET', '/bots'), 401, 'UNAUTHORIZED');
    expectErrorEnvelope(await stranger.api('PUT', `/bots/${newId()}`, { name: 'x' }), 401, 'UNAUTHORIZED');
    const { browser, csrf } = await signedIn(CAROL);
    const clientId = newId();
    expectErrorEnvelope(await browser.api('PUT', `/bots/${clientId}`, { name: 'Forged' }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await browser.api('PUT', `/bots/${clientId}`, { name: 'Forged' }, 'wrong'), 403, 'FORBIDDEN');
    expectErrorEnvelope(
      await browser.api('POST', `/bots/${clientId}/verify`, {
        botToken: discord().addApplication({ id: clientId, name: 'x' }),
      }),
      403,
      'FORBIDDEN',
    );
    expect(
      (await browser.api('GET', '/bots')).json.data.bots.map((bot: { clientId: string }) => bot.clientId),
    ).not.toContain(clientId);
    expectErrorEnvelope(await browser.api('PUT', `/bots/${clientId}`, { name: '' }, csrf), 400, 'INVALID_BODY');
    expectErrorEnvelope(await browser.api('PUT', '/bots/12', { name: 'x' }, csrf), 400, 'INVALID_PARAMETER');
  });

  test('proofs are paced per account: the sixth in a minute is 429 before Discord is asked', async () => {
    const { browser, csrf } = await signedIn({ id: '200000000000000013', username: 'erin' });
    const clientId = newId();
    const asked = () => discord().seen.filter((request) => request.path === '/api/applications/@me').length;
    const before = asked();
    const wrong = `${Buffer.from(clientId).toString('base64url')}.AAAAAA.${'w'.repeat(38)}`;
    const replies = [];
    for (let n = 0; n < 6; n += 1)
      replies.push(await browser.api('POST', `/bots/${clientId}/verify`, { botToken: wrong }, csrf));
    expect(replies.slice(0, 5).map((reply) => reply.status)).toEqual([403, 403, 403, 403, 403]);
    expectErrorEnvelope(replies[5]!, 429, 'RATE_LIMITED');
    expect(Number(replies[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(asked() - before).toBe(5);
  });
});
