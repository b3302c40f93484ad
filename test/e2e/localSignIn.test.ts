import { describe, expect, test } from '@jest/globals';
import { DashboardBrowser } from '../support/dashboardBrowser';
import { useTestApi } from '../support/localApi';
import { rawRequest } from '../support/rawHttp';

/** The local sign-in (no Discord application configured) is the developer whose key npm start seeded. */
const api = useTestApi({ localApiKey: 'first-local-key-0123456789,second-local-key-0123456789' });

describe('the local sign-in', () => {
  test("owns the first LOCAL_API_KEY key and what it made; the second is another account's", async () => {
    const browser = new DashboardBrowser(api.url);
    await browser.signIn();
    expect((await browser.api('GET', '/session')).json.data.account).toEqual({ id: 'local', name: 'Local developer' });
    const [first, second] = api.server.seeded.keys;
    expect([first?.owner, second?.owner]).toEqual(['local', 'local-2']);
    const listed = (await browser.api('GET', '/keys')).json.data.keys.map((key: { id: string }) => key.id);
    expect(listed).toEqual([first?.id]);
  });

  test("the seeded key takes one of its account's slots: four more make five, a sixth is refused", async () => {
    const browser = new DashboardBrowser(api.url);
    await browser.signIn();
    const csrf = await browser.csrf();
    const created = [];
    for (let n = 1; n <= 4; n += 1)
      created.push((await browser.api('POST', '/keys', { name: `more ${n}` }, csrf)).status);
    expect(created).toEqual([201, 201, 201, 201]);
    const refused = await browser.api('POST', '/keys', { name: 'a sixth' }, csrf);
    expect([refused.status, refused.json.error.code]).toEqual([403, 'FORBIDDEN']);
    const listed = (await browser.api('GET', '/keys')).json.data;
    expect([listed.keys.filter((key: { revokedAt?: string }) => !key.revokedAt).length, listed.maxActiveKeys]).toEqual([
      5, 5,
    ]);
    // Revoking the seeded key gives its slot back, as any key's.
    const seeded = api.server.seeded.keys[0]?.id ?? '';
    expect((await browser.api('DELETE', `/keys/${seeded}`, undefined, csrf)).status).toBe(200);
    expect((await browser.api('POST', '/keys', { name: 'in its place' }, csrf)).status).toBe(201);
  });

  describe('is offered only at this server as a browser names it', () => {
    /** GET /dashboard/signin over a raw socket, with exactly this Host header. */
    const signInAt = async (host: string) => {
      const reply = await rawRequest(
        api.server.port,
        Buffer.from(`GET /dashboard/signin HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      );
      return {
        host,
        status: reply.status,
        location: reply.headers.location,
        error: reply.status >= 400 ? JSON.parse(reply.body.toString()).error : undefined,
      };
    };

    test('localhost, 127.0.0.1 or [::1], with its port or none: on to the callback under that name', async () => {
      const port = api.server.port;
      for (const host of [
        `localhost:${port}`,
        `127.0.0.1:${port}`,
        `[::1]:${port}`,
        'localhost',
        '127.0.0.1',
        '[::1]',
      ]) {
        expect(await signInAt(host)).toEqual({
          host,
          status: 302,
          location: expect.stringMatching(
            new RegExp(`^http://${host.replace(/[.[\]]/g, '\\$&')}/dashboard/callback\\?`),
          ),
          error: undefined,
        });
      }
    });

    // No browser sends these (it writes a URL's host in one form first), so they are refused, never read as loopback.
    test.each([
      '127.1',
      '0x7f.0.0.1',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '127.000.000.001',
      '127.0.0.2',
      '127.0.0.1.',
      'localhost.',
      'LOCALHOST',
      'LocalHost',
      'app.localhost',
      'localhost.localdomain',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:0:0:1]',
      '[::0:1]',
      '[0::1]',
    ])('%s (with the right port or none) -> 403 saying where to open it', async (name) => {
      for (const host of [name, `${name}:${api.server.port}`]) {
        const reply = await signInAt(host);
        expect(reply).toEqual({
          host,
          status: 403,
          location: undefined,
          error: expect.objectContaining({
            code: 'FORBIDDEN',
            message: expect.stringContaining('localhost, 127.0.0.1 or [::1]'),
          }),
        });
      }
    });

    test('another port -> 403', async () => {
      const port = api.server.port;
      for (const host of [`localhost:${port + 1}`, '127.0.0.1:80', '[::1]:0']) {
        expect(await signInAt(host)).toMatchObject({ host, status: 403, error: { code: 'FORBIDDEN' } });
      }
    });
  });
});
