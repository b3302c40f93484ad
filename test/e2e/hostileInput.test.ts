import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import type { LocalServer } from '../../infra/local/server';
import { ERROR_STATUS } from '../../shared/errors/apiError';
import { routeList, routes, type RouteEntry } from '../../shared/routes/table';
import { startFakeDiscord, type FakeDiscord } from '../support/fakeDiscord';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { hostileRequest, requestBytes, type HostileRequest, type HostileSession } from '../support/hostileRequests';
import { sendBody, samplePng, startImageHost, type ImageHost } from '../support/imageHost';
import { call, startTestApi } from '../support/localApi';
import { decodePng } from '../support/png';
import { rawRequest, type RawReply } from '../support/rawHttp';
import { expectSafeSvg } from '../support/svgXml';

/**
 * Every route under thousands of seeded, malformed requests: never a 5xx or a hang, every error the
 * envelope (or the relay's answer) with its code's status, every SVG well-formed and script-free.
 * HOSTILE_RUNS (per route) and HOSTILE_SEED make a longer or different soak.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 120);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261122);
const KEY = 'hostile-input-key-0123456789';

let api: LocalServer;
let host: ImageHost;
let discord: FakeDiscord;
beforeAll(async () => {
  host = await startImageHost({
    '/cat.png': sendBody(samplePng(48)),
    '/page.html': sendBody('<html></html>', 'text/html'),
  });
  discord = await startFakeDiscord();
  // Counting is exercised; tripping the quota would hide every other answer behind 429.
  process.env.RATE_LIMIT_PER_MINUTE = '100000000';
  api = await startTestApi({
    localApiKey: KEY,
    imageFetchAllowHosts: host.hostPort,
    discordApiBase: discord.apiBase,
    secretsKey: randomBytes(32).toString('base64'),
  });
}, 30_000);

/**
 * The dashboard's API is called as a browser signed in (locally) calls it, naming a key of its own;
 * a fresh session per route, since one route signs out.
 */
let ownKeyId: string | undefined;
async function signedIn(route: RouteEntry): Promise<{ session: HostileSession; path: Record<string, string> }> {
  const browser = new DashboardBrowser(api.url);
  await browser.signIn();
  const csrf = await browser.csrf();
  // The examples' webhook is the account's (again: a stray DELETE may have removed it), so reads of it can succeed.
  if (route.group === 'webhooks')
    expect((await browser.api('POST', '/webhooks', routes.dashboardSaveWebhook.example.body, csrf)).status).toBe(200);
  // One key for every route (the account holds 5 at most, and the POST route makes more).
  ownKeyId ??= (await browser.api('POST', '/keys', { name: 'hostile' }, csrf)).json.data.key.id as string;
  return { session: { cookie: browser.cookies.get('cbk_session') ?? '', csrf }, path: { keyId: ownKeyId } };
}

/**
 * The examples' bot exists (again: a stray DELETE of an earlier
 * route's run may have removed it), so reads of it can succeed.
 */
async function registerExampleBot() {
  const { clientId } = routes.registerBot.example.path as { clientId: string };
  const registered = await call(`${api.url}/v1/bots/${clientId}`, {
    method: 'PUT',
    key: KEY,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(routes.registerBot.example.body),
  });
  expect([200, 201]).toContain(registered.status);
}
afterAll(async () => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  await api?.close();
  await host?.close();
  await discord?.close();
});

const describeRequest = (request: HostileRequest) =>
  JSON.stringify({ ...request, body: request.body.subarray(0, 200).toString('latin1') });

/** Whatever the request, the answer keeps the contract. */
function expectContract(route: RouteEntry, reply: RawReply): void {
  expect(reply.status).toBeGreaterThanOrEqual(200);
  expect(reply.status).toBeLessThan(500);
  const type = reply.headers['content-type'] ?? '';
  if (reply.status === 304) {
    expect(reply.body.length).toBe(0);
  } else if (reply.status === 302) {
    // A sign-in step: on to the next page, nothing else.
    expect(route.response).toBe('redirect');
    expect(new URL(reply.headers.location ?? '').pathname).toMatch(/^\/dashboard(\/|$)/);
    expect(reply.body.length).toBe(0);
  } else if (reply.status >= 400 && route.response === 'redirect' && type.startsWith('text/html')) {
    // A sign-in step refused for a browser (Accept prefers HTML): a page to read, with a way to try again.
    expect(reply.body.toString('utf8')).toContain('Try again');
  } else if (reply.status >= 400) {
    expect(type).toMatch(/^application\/json/);
    const answer = JSON.parse(reply.body.toString('utf8'));
    if ('success' in answer) {
      expect(answer.success).toBe(false);
      expect(ERROR_STATUS[answer.error.code as keyof typeof ERROR_STATUS]).toBe(reply.status);
      expect(typeof answer.error.message).toBe('string');
      expect(typeof answer.meta.requestId).toBe('string');
    } else {
      // The relay's own answer: {"message", "code"}.
      expect(route.answers).toBe('message');
      expect(Object.keys(answer).sort()).toEqual(['code', 'message']);
      expect(ERROR_STATUS[answer.code as keyof typeof ERROR_STATUS]).toBe(reply.status);
    }
  } else if (type.startsWith('image/svg+xml')) {
    // Not a byte of the picture's address, nor of the host serving it, travels in the picture.
    expectSafeSvg(reply.body.toString('utf8'), undefined, [host.hostPort, '169.254.169.254', 'example.invalid']);
  } else if (type === 'image/png') {
    expect(decodePng(reply.body).width).toBeGreaterThan(0);
  } else if (type.startsWith('application/json')) {
    const answer = JSON.parse(reply.body.toString('utf8'));
    if (route.response === 'openapi') expect(answer.openapi).toBe('3.1.0');
    else if (route.answers === 'message') expect(typeof answer.message).toBe('string');
    else expect(answer.success).toBe(true);
  } else {
    expect(type).toBe('text/html; charset=utf-8');
  }
}

describe('hostile input on every route', () => {
  test.each(routeList.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const statuses = new Set<number>();
      if (route.group === 'bots') await registerExampleBot();
      const dashboard = route.auth === 'session' ? await signedIn(route) : undefined;
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, { key: KEY, pictureHost: host.url, ...dashboard }), async (request) => {
          const reply = await rawRequest(api.port, requestBytes(request), 10_000);
          statuses.add(reply.status);
          try {
            expectContract(route, reply);
          } catch (error) {
            throw new Error(
              `${(error as Error).message}\nrequest: ${describeRequest(request)}\nanswer: ${reply.status} ` +
                `${reply.body.subarray(0, 300).toString('utf8')}`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // The requests reach both sides: refusals, and (for the routes whose examples can succeed) answers.
      // The sign-in's callback succeeds only with a fresh state its browser started (test/e2e/dashboardSignIn.test.ts).
      expect([...statuses].some((status) => status >= 400)).toBe(true);
      if ((route.response !== 'json' || route.method === 'GET') && route.id !== 'dashboardCallback')
        expect([...statuses].some((status) => status < 300 || (route.response === 'redirect' && status === 302))).toBe(
          true,
        );
    },
    120_000,
  );
});
