import { expect, test } from '@jest/globals';
import { expectErrorEnvelope } from '../support/envelope';
import { call, RANK_CARD_QUERY, rateHeaders, useTestApi } from '../support/localApi';

const KEYS = ['burst-key-aaaaaaaaaaaa', 'other-key-bbbbbbbbbbbb'];
const api = useTestApi({ localApiKey: KEYS.join(',') });

test('200 concurrent requests of one key at once: 60 SVGs, 140 429s with Retry-After', async () => {
  const url = `${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`;
  const replies = await Promise.all(Array.from({ length: 200 }, () => call(url, { key: KEYS[0] })));

  const ok = replies.filter((r) => r.status === 200);
  const limited = replies.filter((r) => r.status === 429);
  expect(ok).toHaveLength(60);
  expect(limited).toHaveLength(140);

  const remaining = ok.map((r) => rateHeaders(r).remaining).sort((a, b) => a - b);
  expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
  for (const reply of limited) {
    expectErrorEnvelope(reply, 429, 'RATE_LIMITED');
    expect(rateHeaders(reply).remaining).toBe(0);
    const retryAfter = Number(reply.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 61).toBe(true);
    expect(rateHeaders(reply).reset - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(retryAfter + 1);
  }

  // Another key of the same caller is untouched by the first key's quota.
  const other = await call(url, { key: KEYS[1] });
  expect(other.status).toBe(200);
  expect(rateHeaders(other).remaining).toBe(59);
});
