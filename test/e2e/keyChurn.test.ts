import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { MAX_ACTIVE_KEYS } from '../../shared/access/keySlots';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { awayFromWindowEdge, call, RANK_CARD_QUERY, rateHeaders, useTestApi } from '../support/localApi';

/**
 * An account's keys share one quota: making, using past its quota, revoking and remaking keys
 * within a minute gets the account no more than MAX_ACTIVE_KEYS x RATE_LIMIT_PER_MINUTE answers.
 * The dashboard's own calls (one for the CSRF token, two per key) stay within the small limit used
 * here.
 */
const LIMIT = 20;
const ACCOUNT_LIMIT = MAX_ACTIVE_KEYS * LIMIT;
const KEYS = 8;
const LOCAL_KEY = 'churn-local-key-0123456789';

beforeAll(() => {
  process.env.RATE_LIMIT_PER_MINUTE = String(LIMIT);
});
afterAll(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
});
const api = useTestApi({ localApiKey: LOCAL_KEY });

test("keys made, used up and revoked within a minute: the account gets at most its slots' quota", async () => {
  // The whole churn takes about 3 s on a loaded 2-core machine: 10 s of the minute are plenty.
  await awayFromWindowEdge(10);
  // The local sign-in is the account that owns the seeded key (which holds one of its slots).
  const browser = new DashboardBrowser(api.url);
  await browser.signIn();
  const csrf = await browser.csrf();
  const rankCard = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;

  let answered = 0;
  let counted = 0;
  for (let made = 1; made <= KEYS; made += 1) {
    const created = await browser.api('POST', '/keys', { name: `churn ${made}` }, csrf);
    expect(created.status).toBe(201);
    // One request past the key's own quota, each counted with the account's other keys too.
    for (let used = 1; used <= LIMIT + 1; used += 1) {
      const reply = await call(rankCard, { key: created.json.data.value });
      counted += 1;
      const [keyLeft, accountLeft] = [LIMIT - used, ACCOUNT_LIMIT - counted];
      const headers = rateHeaders(reply);
      if (keyLeft >= 0 && accountLeft >= 0) {
        answered += 1;
        expect(reply.status).toBe(200);
        // The tighter of the two counts is the one shown.
        expect(headers).toMatchObject(
          accountLeft <= keyLeft
            ? { limit: ACCOUNT_LIMIT, remaining: accountLeft }
            : { limit: LIMIT, remaining: keyLeft },
        );
      } else {
        expectErrorEnvelope(reply, 429, 'RATE_LIMITED');
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(headers).toMatchObject({ limit: accountLeft < 0 ? ACCOUNT_LIMIT : LIMIT, remaining: 0 });
        if (accountLeft < 0)
          expect(reply.json.error.message).toMatch(
            `Rate limit of ${ACCOUNT_LIMIT} requests per minute of the account's keys together exceeded`,
          );
      }
    }
    expect((await browser.api('DELETE', `/keys/${created.json.data.key.id}`, undefined, csrf)).status).toBe(200);
  }
  // Each key alone would have had LIMIT answers (160 in all). The account had its slots' worth, less
  // its keys' own refusals (counted too): 4 keys' LIMIT, then the fifth key up to the account's limit.
  expect(answered).toBeLessThanOrEqual(ACCOUNT_LIMIT);
  expect(answered).toBe(4 * LIMIT + (ACCOUNT_LIMIT - 4 * (LIMIT + 1)));

  // The key npm start seeds holds one of the account's slots too: the account's spent quota binds it.
  const seeded = await call(rankCard, { key: LOCAL_KEY });
  expectErrorEnvelope(seeded, 429, 'RATE_LIMITED');
  expect(rateHeaders(seeded)).toMatchObject({ limit: ACCOUNT_LIMIT, remaining: 0 });
}, 60_000);
