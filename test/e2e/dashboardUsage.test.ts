import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { awayFromWindowEdge, call, RANK_CARD_QUERY, useTestApi } from '../support/localApi';

/**
 * A key's usage on the dashboard is the limiter's own count: with a quota of 8 a minute, 11 calls
 * in one minute show as 8 let through and 3 refused, in the minute, the hour and the day.
 */
const LIMIT = 8;
beforeAll(() => {
  process.env.RATE_LIMIT_PER_MINUTE = String(LIMIT);
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});
const api = useTestApi({});

test('11 calls a minute with a quota of 8: 8 let through, 3 refused, in every chart and today', async () => {
  await awayFromWindowEdge(15);
  const browser = new DashboardBrowser(api.url);
  await browser.signIn();
  const csrf = await browser.csrf();
  const { key, value } = (await browser.api('POST', '/keys', { name: 'metered' }, csrf)).json.data;

  const statuses = [];
  let lastCall = 0;
  for (let i = 0; i < 11; i += 1) {
    lastCall = Math.floor(Date.now() / 1000) * 1000;
    statuses.push((await call(`${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key: value })).status);
  }
  expect(statuses.filter((status) => status === 429)).toHaveLength(3);

  const usage = await browser.api('GET', `/keys/${key.id}/usage`);
  expect(usage.status).toBe(200);
  const data = usage.json.data;
  expect(data.limitPerMinute).toBe(LIMIT);
  expect([data.minutes.length, data.hours.length, data.days.length]).toEqual([60, 24, 30]);
  const lastMinute = data.minutes.at(-1);
  expect(lastMinute).toEqual({ start: expect.any(String), allowed: 8, refused: 3 });
  expect(Date.now() - Date.parse(lastMinute.start)).toBeLessThan(60_000);
  expect(data.hours.at(-1)).toMatchObject({ allowed: 8, refused: 3 });
  expect(data.days.at(-1)).toMatchObject({ allowed: 8, refused: 3 });
  expect(
    data.minutes
      .slice(0, -1)
      .every((bucket: { allowed: number; refused: number }) => bucket.allowed + bucket.refused === 0),
  ).toBe(true);
  expect(data.today).toEqual({ allowed: 8, refused: 3 });
  // Last used to the second: the last call's, not its minute's start.
  expect(Date.parse(data.lastUsedAt)).toBeGreaterThanOrEqual(lastCall);
  expect(Date.parse(data.lastUsedAt)).toBeLessThanOrEqual(Date.now());
  for (const svg of Object.values(data.charts) as string[]) {
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('8 let through, 3 refused (429)');
  }
  expect((data.charts.minutes as string).match(/<rect /g)).toHaveLength(2);

  const listed = (await browser.api('GET', '/keys')).json.data.keys.find((k: { id: string }) => k.id === key.id);
  expect(listed).toMatchObject({ today: { allowed: 8, refused: 3 }, lastUsedAt: data.lastUsedAt });

  // Without the session it cannot be read. (The dashboard's own calls stay under
  // the quota: the account's 4 of 8, the address's 3, signing in and this.)
  const other = new DashboardBrowser(api.url);
  expect((await other.api('GET', `/keys/${key.id}/usage`)).status).toBe(401);
}, 60_000);
