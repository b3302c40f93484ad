import { describe, expect, test } from '@jest/globals';
import { ApiError, ChatbotApi } from '../../client/src/index';
import { retryAfterSeconds } from '../../client/src/apiError';
import { callUrl } from '../../client/src/request';

/** A fetch that answers each call from `answers` in turn (the last one again when they run out), counting calls. */
function scripted(...answers: (() => Response)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input), init });
    return (answers[calls.length - 1] ?? answers.at(-1)!)();
  };
  return { fetch, calls };
}

/** A fetch that never answers, but gives up when its signal aborts, as the platform's does. */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

const refusal =
  (status: number, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify({ success: false, error: { code: 'RATE_LIMITED', message: 'wait' } }), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
const ok = () => new Response(JSON.stringify({ success: true, data: { clientId: '1' }, meta: {} }), { status: 200 });

describe('URLs', () => {
  const route = { method: 'GET', path: '/v1/bots/{clientId}', answer: 'data' } as const;

  test('a base path is kept, path parameters encoded, the others sent as the query', () => {
    const url = callUrl('https://example.com/prod/', route, { clientId: 'a b/c', tag: ['x', 'y'], limit: 5 });
    expect(url.href).toBe('https://example.com/prod/v1/bots/a%20b%2Fc?tag=x&tag=y&limit=5');
    expect(() => callUrl('https://example.com', route, {})).toThrow(/clientId is required/);
  });

  test('images ask for PNG unless a format is given', () => {
    const image = { method: 'GET', path: '/v1/images/rank-card', answer: 'image' } as const;
    expect(callUrl('http://h', image, { username: 'a' }).search).toBe('?username=a&format=png');
    expect(callUrl('http://h', image, { format: 'svg' }).search).toBe('?format=svg');
  });
});

describe('retries', () => {
  test('429 and 503 are retried at most maxRetries times, then thrown', async () => {
    const { fetch, calls } = scripted(refusal(429, { 'Retry-After': '0' }));
    const api = new ChatbotApi({ baseUrl: 'http://h', key: 'k', fetch, maxRetries: 3 });
    await expect(api.getBot({ clientId: '1' })).rejects.toMatchObject({ status: 429, retryAfter: 0 });
    expect(calls).toHaveLength(4);
    expect(new Headers(calls[0]!.init?.headers).get('Authorization')).toBe('Bearer k');
  });

  test('a Retry-After beyond maxRetryWaitMs is thrown at once rather than waited out', async () => {
    const { fetch, calls } = scripted(refusal(429, { 'Retry-After': '120' }), ok);
    const api = new ChatbotApi({ baseUrl: 'http://h', fetch, maxRetryWaitMs: 5_000 });
    const started = Date.now();
    await expect(api.getBot({ clientId: '1' })).rejects.toMatchObject({ status: 429, retryAfter: 120 });
    expect(calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('other refusals are not retried', async () => {
    const { fetch, calls } = scripted(refusal(502), ok);
    await expect(new ChatbotApi({ baseUrl: 'http://h', fetch }).getBot({ clientId: '1' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(calls).toHaveLength(1);
  });

  test('Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:09 GMT', now)).toBe(9);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});

describe('timeouts and cancelling', () => {
  test('an attempt with no answer within timeoutMs fails with a TimeoutError', async () => {
    const api = new ChatbotApi({ baseUrl: 'http://h', fetch: hanging, timeoutMs: 50 });
    const started = Date.now();
    await expect(api.getBot({ clientId: '1' })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('the caller’s signal cancels a call, and the wait before a retry', async () => {
    const api = new ChatbotApi({ baseUrl: 'http://h', fetch: hanging });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('no longer needed')), 20);
    await expect(api.getBot({ clientId: '1' }, { signal: controller.signal })).rejects.toThrow('no longer needed');

    const { fetch, calls } = scripted(refusal(429, { 'Retry-After': '30' }), ok);
    const waiting = new ChatbotApi({ baseUrl: 'http://h', fetch });
    const later = new AbortController();
    setTimeout(() => later.abort(new Error('gave up')), 50);
    await expect(waiting.getBot({ clientId: '1' }, { signal: later.signal })).rejects.toThrow('gave up');
    expect(calls).toHaveLength(1);
  });
});
