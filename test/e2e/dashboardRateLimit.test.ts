import { expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { DashboardBrowser, useDiscordSignIn } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import { call, rateHeaders, type Reply } from '../support/localApi';

/**
 * The signed-in dashboard is counted per account, not per address: people behind one NAT do not
 * share a quota. Every browser here is 127.0.0.1, so the address's count (the sign-ins, and
 * whatever is refused) runs alongside the accounts' own.
 */
const LIMIT = 20;
const { api, signedInAs } = useDiscordSignIn({ ratePerMinute: LIMIT });

const ADA = { id: '300000000000000001', username: 'ada', global_name: 'Ada' };
const BOB = { id: '300000000000000002', username: 'bob', global_name: 'Bob' };
const CY = { id: '300000000000000003', username: 'cy', global_name: 'Cy' };
const DEE = { id: '300000000000000004', username: 'dee', global_name: 'Dee' };

const ERRORS: Record<number, string> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 429: 'RATE_LIMITED' };

/**
 * The answer, and the X-RateLimit-* of a count with `remaining` left in the sliding window, which
 * resets within the 61 s after now (a 429: none left, and Retry-After).
 */
function expectCounted(reply: Reply, status: number, remaining: number): void {
  if (ERRORS[status]) expectErrorEnvelope(reply, status, ERRORS[status]);
  else expect([reply.status, reply.text]).toEqual([status, expect.any(String)]);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const { reset, ...counted } = rateHeaders(reply);
  expect(counted).toEqual({ limit: LIMIT, remaining });
  expect(reset - nowSeconds).toBeGreaterThanOrEqual(0);
  expect(reset - nowSeconds).toBeLessThanOrEqual(61);
  const retryAfter = reply.headers.get('retry-after');
  if (status === 429) expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  else expect(retryAfter).toBeNull();
}

test('two accounts signed in from one address each get the whole quota, each with its own numbers', async () => {
  const [ada, bob] = [await signedInAs(ADA), await signedInAs(BOB)];
  // Interleaved, so a count shared by the address would show at once.
  for (let used = 1; used <= LIMIT; used += 1) {
    for (const browser of [ada, bob]) expectCounted(await browser.api('GET', '/session'), 200, LIMIT - used);
  }
  for (const browser of [ada, bob]) expectCounted(await browser.api('GET', '/keys'), 429, 0);
});

test("one account's sessions share its quota, writes and reads alike", async () => {
  const [first, second] = [await signedInAs(CY), await signedInAs(CY)];
  const session = await first.api('GET', '/session');
  expectCounted(session, 200, LIMIT - 1);
  expectCounted(
    await first.api('POST', '/keys', { name: 'shared quota' }, session.json.data.csrfToken),
    201,
    LIMIT - 2,
  );
  for (let used = 3; used <= LIMIT; used += 1)
    expectCounted(await (used % 2 ? second : first).api('GET', '/keys'), 200, LIMIT - used);
  expectCounted(await second.api('GET', '/session'), 429, 0);
  expectCounted(await first.api('GET', '/session'), 429, 0);
});

test('forged cookies and CSRF-less writes are counted per address; the account keeps its quota', async () => {
  const dee = await signedInAs(DEE);
  const forged = () =>
    call(`${api.url}/dashboard/api/session`, {
      headers: { Cookie: `cbk_session=${randomBytes(32).toString('base64url')}` },
    });
  const tokenless = () => dee.api('POST', '/keys', { name: 'no token' }, 'not-the-token');

  // Whatever the earlier tests left of the address's minute, each refusal takes one more of it.
  const start = await forged();
  let left = rateHeaders(start).remaining;
  expectCounted(start, 401, left);
  for (; left > 0; left -= 1) {
    if (left % 2) expectCounted(await forged(), 401, left - 1);
    else expectCounted(await tokenless(), 403, left - 1);
  }
  // Past it: the 429, for a random cookie, the session without its token, no cookie at all, signing in.
  const anonymous = new DashboardBrowser(api.url);
  for (const refused of [
    forged,
    tokenless,
    () => anonymous.api('GET', '/session'),
    () => anonymous.get(`${api.url}/dashboard/signin`),
  ]) {
    expectCounted(await refused(), 429, 0);
  }
  // None of that was Dee's: the account's quota is whole.
  expectCounted(await dee.api('GET', '/session'), 200, LIMIT - 1);
});
