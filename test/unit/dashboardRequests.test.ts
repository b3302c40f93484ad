import { describe, expect, test } from '@jest/globals';
import { readCookie, setCookie } from '../../shared/http/cookies';
import { handlers } from '../../functions/dashboard/index';
import { dashboardPlace } from '../../functions/dashboard/place';
import { localSignIn } from '../../functions/dashboard/signInProviders';
import { routes } from '../../shared/routes/table';
import { allServices, lambdaContext, memoryLimiter, proxyEvent, wrapRoute, type AllServices } from './fixtures';

const raw = (headers: Record<string, string>, basePath = '') => ({
  body: '',
  headers,
  basePath,
  sourceIp: '203.0.113.9',
});

describe('where the dashboard is', () => {
  test('behind API Gateway (https, a stage base path): the redirect URI below the page, cookies Secure', () => {
    const place = dashboardPlace(
      raw({ host: 'abc123.execute-api.eu-west-1.amazonaws.com', 'x-forwarded-proto': 'https' }, '/prod'),
      undefined,
    );
    expect(place).toEqual({
      pageUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod/dashboard',
      redirectUri: 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod/dashboard/callback',
      session: { path: '/', secure: true },
      signIn: { path: '/prod/dashboard/callback', secure: true },
    });
    expect(setCookie('cbk_session', 'id', 60, place.session)).toBe(
      'cbk_session=id; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
  });

  test('DASHBOARD_URL (a custom domain) wins over the Host header, whatever the request says', () => {
    const place = dashboardPlace(
      raw({ host: 'evil.example', 'x-forwarded-proto': 'http' }),
      'https://api.example.com/bots/dashboard/',
    );
    expect(place.redirectUri).toBe('https://api.example.com/bots/dashboard/callback');
    expect(place.signIn).toEqual({ path: '/bots/dashboard/callback', secure: true });
  });

  test('the local server over http: no Secure (a browser would drop the cookie)', () => {
    expect(dashboardPlace(raw({ host: '127.0.0.1:3000' }), undefined)).toMatchObject({
      redirectUri: 'http://127.0.0.1:3000/dashboard/callback',
      session: { secure: false },
    });
  });
});

describe('reading cookies', () => {
  test('by exact name among several, spaces trimmed; absent or empty is undefined', () => {
    const headers = { cookie: 'cbk_session_old=x; cbk_session=abc=def ;other=1' };
    expect(readCookie(headers, 'cbk_session')).toBe('abc=def');
    expect(readCookie(headers, 'missing')).toBeUndefined();
    expect(readCookie({ cookie: 'cbk_session=' }, 'cbk_session')).toBeUndefined();
    expect(readCookie({}, 'cbk_session')).toBeUndefined();
  });
});

describe('the local sign-in', () => {
  const start = (sourceIp: string, signIn: AllServices['signIn'], host = 'localhost:3000') => {
    const services = { ...allServices(memoryLimiter().limiter), signIn };
    // As the local server passes it on: the port the request came in on.
    return wrapRoute(
      routes.dashboardSignIn,
      handlers.dashboardSignIn,
      services,
    )(
      proxyEvent({
        resource: '/dashboard/signin',
        query: null,
        keyId: null,
        sourceIp,
        headers: { host, 'x-forwarded-port': '3000' },
      }),
      lambdaContext(),
    );
  };

  test('is refused to callers that are not on this machine (403), before any record is written', async () => {
    for (const address of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4']) {
      const reply = await start(address, localSignIn);
      expect([address, reply.statusCode, JSON.parse(reply.body).error.code]).toEqual([address, 403, 'FORBIDDEN']);
    }
  });

  test('is refused to a local page under another name (DNS rebinding), offered under its own', async () => {
    for (const host of [
      'rebind.attacker.example:3000',
      'attacker.example',
      '192.168.1.4:3000',
      'localhost.attacker.example',
      'app.localhost:3000',
      '127.5.6.7',
      'LOCALHOST:3000',
      'localhost:8080',
    ]) {
      const reply = await start('127.0.0.1', localSignIn, host);
      expect([host, reply.statusCode, JSON.parse(reply.body).error.code]).toEqual([host, 403, 'FORBIDDEN']);
    }
    // Offered: it goes on to record the sign-in, in a store these fixtures make unreachable (503).
    for (const host of ['localhost:3000', 'localhost', '127.0.0.1:3000', '127.0.0.1', '[::1]:3000', '[::1]']) {
      const reply = await start('127.0.0.1', localSignIn, host);
      expect([host, reply.statusCode, JSON.parse(reply.body).error.code]).toEqual([host, 503, 'SERVICE_UNAVAILABLE']);
    }
  });

  test('a Host header that names no host is a 400 naming it, never a 500', async () => {
    for (const host of ['[', 'a b', 'x:abc', '%', 'user@localhost', 'localhost/path', 'localhost:123456']) {
      const reply = await start('127.0.0.1', localSignIn, host);
      expect([
        host,
        reply.statusCode,
        JSON.parse(reply.body).error.code,
        JSON.parse(reply.body).error.details?.[0]?.field,
      ]).toEqual([host, 400, 'INVALID_PARAMETER', 'Host']);
    }
  });

  test('without a Discord application or local sign-in, signing in says it is not set up (503)', async () => {
    const reply = await start('127.0.0.1', undefined);
    expect([reply.statusCode, JSON.parse(reply.body).error.message]).toEqual([
      503,
      expect.stringContaining('not set up'),
    ]);
  });
});
