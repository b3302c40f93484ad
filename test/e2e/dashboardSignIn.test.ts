import { beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { DashboardBrowser, useDiscordSignIn } from '../support/dashboardBrowser';
import { expectErrorEnvelope } from '../support/envelope';
import type { FakeDiscordOAuth, FakeUser } from '../support/fakeDiscordOAuth';
import { call, RANK_CARD_QUERY, type Reply } from '../support/localApi';
import { routeList } from '../../shared/routes/table';
import { DEFAULT_MAX_BODY_BYTES } from '../../shared/http/middleware/validate';

const { api, discord: fakeDiscord, signedInAs } = useDiscordSignIn();
let discord: FakeDiscordOAuth;
beforeAll(() => {
  discord = fakeDiscord();
});

const ADA = { id: '200000000000000001', username: 'ada', global_name: 'Ada' };
const BOB = { id: '200000000000000002', username: 'bob', global_name: null };

const signedIn = (user: FakeUser = ADA) => signedInAs(user);

describe('signing in with Discord', () => {
  test('code flow with PKCE S256, scope identify and a browser-bound state; nothing of Discord kept', async () => {
    discord.signInAs(ADA);
    const browser = new DashboardBrowser(api.url);
    const start = await browser.get(`${api.url}/dashboard/signin`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${discord.apiBase}/oauth2/authorize`);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: discord.client.id,
      scope: 'identify',
      code_challenge_method: 'S256',
      redirect_uri: `${api.url}/dashboard/callback`,
    });
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.setCookies[0]).toMatch(
      /^cbk_signin=[A-Za-z0-9_-]{43}; Path=\/dashboard\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );

    const back = await browser.get(authorize.toString());
    const done = await browser.get(back.headers.get('location') ?? '');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${api.url}/dashboard`);
    const session = browser.setCookies.find((cookie) => cookie.startsWith('cbk_session='));
    // Local http: no Secure (a browser would drop it); behind https it is added (unit test of the cookie scope).
    expect(session).toMatch(/^cbk_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    expect(browser.cookies.has('cbk_signin')).toBe(false);

    // The token request carried the verifier whose S256 is the challenge, and the same redirect URI.
    const token = discord.seen.filter((request) => request.path === '/api/oauth2/token').at(-1);
    expect(
      createHash('sha256')
        .update(token?.params.code_verifier ?? '')
        .digest('base64url'),
    ).toBe(params.code_challenge);
    expect(token?.params).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: params.redirect_uri,
      client_secret: discord.client.secret,
    });

    const me = await browser.api('GET', '/session');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.json.data).toEqual({
      account: { id: ADA.id, name: 'Ada' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  test('a forged, foreign or reused state is refused, and no session is opened', async () => {
    const forged = new DashboardBrowser(api.url);
    const reply = await forged.get(`${api.url}/dashboard/callback?state=forged&code=whatever`);
    expectErrorEnvelope(reply, 400, 'INVALID_PARAMETER');
    expect(forged.cookies.has('cbk_session')).toBe(false);

    // A victim's browser is sent to the callback with the attacker's own code and state: the state is not the victim's.
    const attacker = new DashboardBrowser(api.url);
    const start = await attacker.get(`${api.url}/dashboard/signin`);
    const back = await attacker.get(start.headers.get('location') ?? '');
    const victim = new DashboardBrowser(api.url);
    expectErrorEnvelope(await victim.get(back.headers.get('location') ?? ''), 400, 'INVALID_PARAMETER');
    expect(victim.cookies.has('cbk_session')).toBe(false);

    // The attacker's own browser finishes once; the same answer again is refused.
    const callback = back.headers.get('location') ?? '';
    const state = attacker.cookies.get('cbk_signin') ?? '';
    expect((await attacker.get(callback)).status).toBe(302);
    attacker.cookies.set('cbk_signin', state);
    attacker.cookies.delete('cbk_session');
    expectErrorEnvelope(await attacker.get(callback), 400, 'INVALID_PARAMETER');
    expect(attacker.cookies.has('cbk_session')).toBe(false);
  });

  test('declining on Discord goes back to the page, which says so; other refusals are a 401', async () => {
    const browser = new DashboardBrowser(api.url);
    await browser.get(`${api.url}/dashboard/signin`);
    const state = browser.cookies.get('cbk_signin') ?? '';
    const declined = await browser.get(`${api.url}/dashboard/callback?state=${state}&error=access_denied`);
    expect([declined.status, declined.headers.get('location')]).toEqual([302, `${api.url}/dashboard?signin=declined`]);
    expect(browser.cookies.has('cbk_session')).toBe(false);
    expect(browser.cookies.has('cbk_signin')).toBe(false);
    const page = await browser.get(declined.headers.get('location') ?? '');
    expect(page.text).toContain('You cancelled signing in with Discord');
    expect((await browser.get(`${api.url}/dashboard`)).text).not.toContain('You cancelled');
    // A mangled link is still the page (a person follows it), saying nothing of a cancel.
    for (const signin of ['declined'.repeat(10), 'nope', '%3Cb%3E']) {
      const mangled = await browser.get(`${api.url}/dashboard?signin=${signin}`);
      expect([mangled.status, mangled.headers.get('content-type')]).toEqual([
        200,
        expect.stringMatching(/^text\/html/),
      ]);
      expect(mangled.text).not.toContain('You cancelled');
    }
    // The same answer again: the state is gone.
    expectErrorEnvelope(
      await browser.get(`${api.url}/dashboard/callback?state=${state}&error=access_denied`),
      400,
      'INVALID_PARAMETER',
    );

    await browser.get(`${api.url}/dashboard/signin`);
    const next = browser.cookies.get('cbk_signin') ?? '';
    expectErrorEnvelope(
      await browser.get(`${api.url}/dashboard/callback?state=${next}&error=invalid_scope`),
      401,
      'UNAUTHORIZED',
    );
    // Discord saying it failed on its side is its outage: 502, as when its token step fails.
    await browser.get(`${api.url}/dashboard/signin`);
    const third = browser.cookies.get('cbk_signin') ?? '';
    expectErrorEnvelope(
      await browser.get(`${api.url}/dashboard/callback?state=${third}&error=server_error`),
      502,
      'UPSTREAM_ERROR',
    );
    expect(browser.cookies.has('cbk_session')).toBe(false);
  });

  describe('a failed sign-in, to a browser, is a page saying what happened with "Try again"', () => {
    const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    /** The sign-in up to Discord's answer, in a browser: the callback URL Discord sent it back to. */
    const upToCallback = async (browser: DashboardBrowser) => {
      const start = await browser.get(`${api.url}/dashboard/signin`, { headers: HTML });
      const back = await browser.get(start.headers.get('location') ?? '');
      return back.headers.get('location') ?? '';
    };
    const expectPage = (reply: Reply, status: number, title: string) => {
      expect([reply.status, reply.headers.get('content-type')]).toEqual([status, 'text/html; charset=utf-8']);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('vary')).toMatch(/Accept/);
      expect(reply.text).toContain(`<h1>${title}</h1>`);
      expect(reply.text).toContain('<a class="button primary" href="/dashboard/signin">Try again</a>');
      expect(reply.text).toContain('<a class="button" href="/dashboard">Back to the dashboard</a>');
      expect(reply.text).not.toMatch(/"success"|INVALID_PARAMETER|UPSTREAM_ERROR/);
    };

    test('Discord failing at the token step (5xx): 502; turning the code down (invalid_grant): 401', async () => {
      const browser = new DashboardBrowser(api.url);
      discord.failNextToken(503);
      expectPage(
        await browser.get(await upToCallback(browser), { headers: HTML }),
        502,
        'Discord could not sign you in',
      );
      discord.failNextToken(400);
      expectPage(
        await browser.get(await upToCallback(browser), { headers: HTML }),
        401,
        'Discord did not accept this sign-in',
      );
      expect(browser.cookies.has('cbk_session')).toBe(false);
      // A program (no Accept, or JSON first) keeps the envelope and its code.
      discord.failNextToken(503);
      expectErrorEnvelope(await browser.get(await upToCallback(browser)), 502, 'UPSTREAM_ERROR');
      discord.failNextToken(503);
      const json = { Accept: 'application/json, text/html;q=0.5' };
      expectErrorEnvelope(await browser.get(await upToCallback(browser), { headers: json }), 502, 'UPSTREAM_ERROR');
    });

    test('reused or expired callback: 400 "expired"; another tab\'s: 400 "elsewhere"', async () => {
      const browser = new DashboardBrowser(api.url);
      const callback = await upToCallback(browser);
      const state = browser.cookies.get('cbk_signin') ?? '';
      expect((await browser.get(callback, { headers: HTML })).status).toBe(302);
      expectPage(await browser.get(callback, { headers: HTML }), 400, 'This sign-in has expired');
      // The cookie still there but the sign-in used up (or past its 10 minutes on the server).
      browser.cookies.set('cbk_signin', state);
      expectPage(await browser.get(callback, { headers: HTML }), 400, 'This sign-in has expired');

      const other = new DashboardBrowser(api.url);
      await other.get(`${api.url}/dashboard/signin`);
      const forged = await upToCallback(browser);
      expectPage(await other.get(forged, { headers: HTML }), 400, 'This sign-in was started elsewhere');
      expectPage(
        await other.get(`${api.url}/dashboard/callback`, { headers: HTML }),
        400,
        'This sign-in was started elsewhere',
      );
      expect(other.cookies.has('cbk_session')).toBe(false);
    });

    test('Cancel on Discord: back on the dashboard, which says so and offers "Try again"', async () => {
      const browser = new DashboardBrowser(api.url);
      discord.declineNext();
      const back = await browser.get(await upToCallback(browser), { headers: HTML });
      expect([back.status, back.headers.get('location')]).toEqual([302, `${api.url}/dashboard?signin=declined`]);
      const page = await browser.get(back.headers.get('location') ?? '', { headers: HTML });
      expect(page.text).toContain('You cancelled signing in with Discord');
      expect(page.text).toContain('<a class="button primary" href="/dashboard/signin">Try again</a>');
    });
  });

  test('signing out ends the session (its cookie is then refused) and needs the CSRF token', async () => {
    const browser = await signedIn();
    const csrf = await browser.csrf();
    const cookie = browser.cookies.get('cbk_session') ?? '';
    expectErrorEnvelope(await browser.api('POST', '/signout'), 403, 'FORBIDDEN');
    const out = await browser.api('POST', '/signout', undefined, csrf);
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^cbk_session=; Path=\/; Max-Age=0/);
    browser.cookies.set('cbk_session', cookie);
    expectErrorEnvelope(await browser.api('GET', '/session'), 401, 'UNAUTHORIZED');
  });

  test('a Host header that names no host is a 400, and signing out with one leaves the session as it was', async () => {
    const browser = await signedIn();
    const csrf = await browser.csrf();
    const cookie = `cbk_session=${browser.cookies.get('cbk_session') ?? ''}`;
    const { port } = new URL(api.url);
    // fetch cannot send a Host of its own choosing; node:http can.
    const send = (method: string, path: string, host: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, method, path, headers: { ...headers, host } },
          (response) => {
            let text = '';
            response.on('data', (part: Buffer) => (text += part.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    for (const host of ['[', 'a b', 'x:abc', '%']) {
      const reply = await send('GET', '/dashboard/signin', host);
      expect([host, reply.status, reply.body.error.code]).toEqual([host, 400, 'INVALID_PARAMETER']);
      const out = await send('POST', '/dashboard/api/signout', host, { cookie, 'x-csrf-token': csrf });
      expect([host, out.status, out.body.error.code]).toEqual([host, 400, 'INVALID_PARAMETER']);
    }
    expect((await browser.api('GET', '/session')).status).toBe(200);
  });
});

describe('every signed-in route (keys, bots, webhooks, signing out) checks its caller before its input', () => {
  // Every path parameter malformed, the body too large, not JSON
  // and of the wrong type: any check of the input would refuse it.
  const malformed = routeList
    .filter((route) => route.auth === 'session')
    .map((route) => {
      const url = route.path.replace(/\{[^}]+\}/g, 'not-an-id');
      const body = route.method === 'GET' ? undefined : `{${'x'.repeat(route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)}`;
      return [`${route.method} ${route.path}`, { method: route.method, url, body }] as const;
    });

  test.each(malformed)(
    '%s: no session or a forged one -> 401, a session without the CSRF token -> 403',
    async (_name, request) => {
      const send = (cookie: string | undefined) =>
        call(`${api.url}${request.url}`, {
          method: request.method,
          body: request.body,
          headers: { 'Content-Type': 'text/plain', ...(cookie ? { Cookie: cookie } : {}) },
        });
      expectErrorEnvelope(await send(undefined), 401, 'UNAUTHORIZED');
      expectErrorEnvelope(await send('cbk_session=forged-or-expired'), 401, 'UNAUTHORIZED');
      if (request.method === 'GET') return;
      const browser = await signedIn();
      expectErrorEnvelope(await send(`cbk_session=${browser.cookies.get('cbk_session') ?? ''}`), 403, 'FORBIDDEN');
    },
  );
});

describe('keys on the dashboard', () => {
  test("a key's name is not blank (trimmed by the page, refused by the API); a wrong type says so", async () => {
    const browser = await signedIn({ id: '200000000000000009', username: 'carol', global_name: 'Carol' });
    const csrf = await browser.csrf();
    const refusals = [
      [{ name: '   ' }, 'name must not be blank'],
      [{ name: '' }, 'name must not be empty'],
      [{ name: 123 }, 'name must be a string'],
      [{}, 'name is required'],
    ] as const;
    for (const [body, message] of refusals) {
      const reply = await browser.api('POST', '/keys', body, csrf);
      expectErrorEnvelope(reply, 400, 'INVALID_BODY');
      expect([body, reply.json.error.message]).toEqual([body, expect.stringContaining(message)]);
    }
    expect((await browser.api('GET', '/keys')).json.data.keys).toEqual([]);
  });

  test('create (shown once) -> use -> listed -> revoke -> refused at once', async () => {
    const browser = await signedIn();
    const csrf = await browser.csrf();
    const created = await browser.api('POST', '/keys', { name: 'my bot' }, csrf);
    expect(created.status).toBe(201);
    const { key, value } = created.json.data;
    expect(value).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(key).toEqual({
      id: expect.stringMatching(/^key_[0-9a-f]{16}$/),
      name: 'my bot',
      createdAt: expect.any(String),
    });

    expect((await call(`${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key: value })).status).toBe(200);

    const listed = await browser.api('GET', '/keys');
    expect(listed.json.data.keys[0]).toEqual({
      ...key,
      today: { allowed: 1, refused: 0 },
      lastUsedAt: expect.any(String),
    });
    expect(listed.text).not.toContain(value);

    const revoked = await browser.api('DELETE', `/keys/${key.id}`, undefined, csrf);
    expect(revoked.status).toBe(200);
    expect(revoked.json.data.key.revokedAt).toEqual(expect.any(String));
    expectErrorEnvelope(
      await call(`${api.url}/v1/images/rank-card?${RANK_CARD_QUERY}`, { key: value }),
      401,
      'UNAUTHORIZED',
    );
  });

  test('writes without the CSRF token are refused and change nothing', async () => {
    const browser = await signedIn();
    const before = (await browser.api('GET', '/keys')).json.data.keys.length;
    expectErrorEnvelope(await browser.api('POST', '/keys', { name: 'forged' }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await browser.api('POST', '/keys', { name: 'forged' }, 'not-the-token'), 403, 'FORBIDDEN');
    expect((await browser.api('GET', '/keys')).json.data.keys).toHaveLength(before);
  });

  test("another account sees none of the first account's keys and cannot revoke them", async () => {
    const ada = await signedIn(ADA);
    const { key } = (await ada.api('POST', '/keys', { name: 'ada key' }, await ada.csrf())).json.data;
    const bob = await signedIn(BOB);
    expect((await bob.api('GET', '/session')).json.data.account).toEqual({ id: BOB.id, name: 'bob' });
    expect((await bob.api('GET', '/keys')).json.data.keys).toEqual([]);
    expectErrorEnvelope(await bob.api('DELETE', `/keys/${key.id}`, undefined, await bob.csrf()), 404, 'NOT_FOUND');
    expect(
      (await ada.api('GET', '/keys')).json.data.keys.find((k: { id: string }) => k.id === key.id).revokedAt,
    ).toBeUndefined();
  });

  test('at most 5 active keys per account, even when created at once; revoking one frees a slot', async () => {
    const user = { id: '200000000000000003', username: 'carol' };
    const browser = await signedIn(user);
    const csrf = await browser.csrf();
    const replies = await Promise.all(
      Array.from({ length: 7 }, (_, i) => browser.api('POST', '/keys', { name: `k${i}` }, csrf)),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    for (const reply of replies.filter((r) => r.status !== 201)) expectErrorEnvelope(reply, 403, 'FORBIDDEN');
    const [first] = (await browser.api('GET', '/keys')).json.data.keys;
    await browser.api('DELETE', `/keys/${first.id}`, undefined, csrf);
    expect((await browser.api('POST', '/keys', { name: 'after revoke' }, csrf)).status).toBe(201);
  });

  test('bots belong to the account, not the key: a newer key still writes them, another account not', async () => {
    const ada = await signedIn(ADA);
    const csrf = await ada.csrf();
    const first = (await ada.api('POST', '/keys', { name: 'old key' }, csrf)).json.data;
    const clientId = '300000000000000001';
    const register = (key: string, name: string) =>
      call(`${api.url}/v1/bots/${clientId}`, {
        method: 'PUT',
        key,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    expect((await register(first.value, 'Ada Bot')).status).toBe(201);
    await ada.api('DELETE', `/keys/${first.key.id}`, undefined, csrf);
    const second = (await ada.api('POST', '/keys', { name: 'new key' }, csrf)).json.data;
    const renamed = await register(second.value, 'Ada Bot 2');
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ name: 'Ada Bot 2', owned: true });

    const bob = await signedIn(BOB);
    const bobKey = (await bob.api('POST', '/keys', { name: 'bob key' }, await bob.csrf())).json.data.value;
    // Unverified, Ada's bot is to Bob as an unknown id (404), which a registration cannot take.
    expectErrorEnvelope(await register(bobKey, 'Taken'), 404, 'NOT_FOUND');
  });

  test("key creation is paced per account: the 11th in a minute is a 429 with the pace's headers", async () => {
    const browser = await signedIn({ id: '200000000000000004', username: 'dan' });
    const csrf = await browser.csrf();
    for (let i = 0; i < 10; i += 1) {
      const { key } = (await browser.api('POST', '/keys', { name: `churn ${i}` }, csrf)).json.data;
      expect((await browser.api('DELETE', `/keys/${key.id}`, undefined, csrf)).status).toBe(200);
    }
    const paced = await browser.api('POST', '/keys', { name: 'one too many' }, csrf);
    expectErrorEnvelope(paced, 429, 'RATE_LIMITED');
    expect(Number(paced.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(paced.json.error.message).toMatch(/^At most 10 keys a minute; retry in \d+ s$/);
    expect([paced.headers.get('x-ratelimit-limit'), paced.headers.get('x-ratelimit-remaining')]).toEqual(['10', '0']);
  });

  test('without a session every dashboard API route is a 401', async () => {
    const browser = new DashboardBrowser(api.url);
    for (const [method, path] of [
      ['GET', '/session'],
      ['GET', '/keys'],
      ['POST', '/keys'],
      ['DELETE', '/keys/key_0123456789abcdef'],
      ['POST', '/signout'],
    ] as const) {
      expectErrorEnvelope(
        await browser.api(method, path, method === 'POST' && path === '/keys' ? { name: 'x' } : undefined, 'any'),
        401,
        'UNAUTHORIZED',
      );
    }
  });
});
