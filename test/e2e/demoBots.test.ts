import { expect, test } from '@jest/globals';
import { call, useTestApi } from '../support/localApi';

/** DEMO_BOTS: a new user sees real-looking bots at once, and can try the write routes on them. */
const KEY = 'demo-bots-key-0123456';
const api = useTestApi({ localApiKey: KEY, demoBots: true });

test('public demo bots are listed by guilds, with live status, stats history and commands', async () => {
  expect(api.server.demoBots).toBeGreaterThanOrEqual(5);
  const list = (await call(`${api.url}/v1/bots?sort=guilds`, { key: KEY })).json.data.bots;
  expect(list.length).toBe(api.server.demoBots - 1); // one demo bot is private
  expect(list[0]).toMatchObject({ name: 'Melody', online: true });
  expect(list.map((bot: { guilds: number }) => bot.guilds)).toEqual(
    [...list.map((bot: { guilds: number }) => bot.guilds)].sort((a, b) => b - a),
  );
  expect(list.some((bot: { online: boolean }) => !bot.online)).toBe(true);

  const id = list[0].clientId;
  const status = (await call(`${api.url}/v1/bots/${id}/status`, { key: KEY })).json.data;
  expect(status.uptimePercent).toBeGreaterThan(80);
  expect((await call(`${api.url}/v1/bots/${id}/stats`, { key: KEY })).json.data.history.length).toBeGreaterThan(20);
  expect((await call(`${api.url}/v1/bots/${id}/commands`, { key: KEY })).json.data.total).toBeGreaterThan(0);
  // Owned by the local key: it may also send a heartbeat.
  const beat = await call(`${api.url}/v1/bots/${id}/stats`, {
    key: KEY,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"guilds":1}',
  });
  expect(beat.status).toBe(200);
});
