import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY, rateHeaders, useTestApi } from '../support/localApi';

/**
 * Making, using past its quota, revoking and remaking keys within a minute gets the account nothing:
 * each new key takes the slot the last one gave back, and its requests continue that slot's count
 * (its quota line). The dashboard's own calls stay within the small limit used here.
 */
const LIMIT = 20;
const KEYS = 8;
const LOCAL_KEY = 'churn-local-key-0123456789';

beforeAll(() => {
  process.env.RATE_LIMIT_PER_MINUTE = String(LIMIT);
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});
const api = useTestApi({ localApiKey: LOCAL_KEY });

test("keys made, used up and revoked within a minute share one slot's quota", async () => {
  // The local sign-in is the account that owns the seeded key (which holds slot 0).
  const browser = new DashboardBrowser(api.url);
  await browser.signIn();
  const csrf = await browser.csrf();
  const rankCard = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;

  let answered = 0;
  for (let made = 1; made <= KEYS; made += 1) {
    const created = await browser.api('POST', '/keys', { name: `churn ${made}` }, csrf);
    expect(created.status).toBe(201);
    for (let used = 1; used <= LIMIT + 1; used += 1) {
      const reply = await call(rankCard, { key: created.json.data.value });
      const headers = rateHeaders(reply);
      if (answered < LIMIT) {
        answered += 1;
        expect(reply.status).toBe(200);
        expect(headers).toMatchObject({ limit: LIMIT, remaining: LIMIT - answered });
      } else {
        expectErrorEnvelope(reply, 429, 'RATE_LIMITED');
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(headers).toMatchObject({ limit: LIMIT, remaining: 0 });
      }
    }
    expect((await browser.api('DELETE', `/keys/${created.json.data.key.id}`, undefined, csrf)).status).toBe(200);
  }
  // Each key alone would have had LIMIT answers (160 in all): the slot had its one quota.
  expect(answered).toBe(LIMIT);

  // The key npm start seeds holds slot 0, a line of its own: the churn on slot 1 left it whole.
  const seeded = await call(rankCard, { key: LOCAL_KEY });
  expect(seeded.status).toBe(200);
  expect(rateHeaders(seeded)).toMatchObject({ limit: LIMIT, remaining: LIMIT - 1 });
}, 60_000);
