import { afterAll, beforeAll, expect } from '@jest/globals';
import { startFakeDiscordOAuth, type FakeDiscordOAuth, type FakeUser } from './fakeDiscordOAuth';
import { call, useTestApi, type Reply } from './localApi';

/**
 * A browser as far as the dashboard's sign-in sees one: a cookie jar (names and values; the
 * server's attributes are checked by the tests that read Set-Cookie) and redirects followed by hand.
 */
export class DashboardBrowser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie the browser got, as sent. */
  readonly setCookies: string[] = [];

  constructor(readonly apiUrl: string) {}

  async get(url: string, init: RequestInit = {}): Promise<Reply> {
    return this.send(url, { ...init, method: init.method ?? 'GET' });
  }

  async send(url: string, init: RequestInit = {}): Promise<Reply> {
    const headers = new Headers(init.headers);
    // Cookies go to the API's own host only: the fake Discord has none of them.
    if (url.startsWith(this.apiUrl) && this.cookies.size)
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const reply = await call(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of reply.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return reply;
  }

  /** From the dashboard's sign-in link through the authorization page and back: the last answer (the callback's). */
  async signIn(): Promise<Reply> {
    let reply = await this.get(`${this.apiUrl}/dashboard/signin`);
    for (let hops = 0; reply.status === 302 && hops < 4; hops += 1) {
      const location = new URL(reply.headers.get('location') ?? '', this.apiUrl).toString();
      if (location.replace(/\/$/, '') === `${this.apiUrl}/dashboard`) return reply;
      reply = await this.get(location);
    }
    return reply;
  }

  /** A dashboard API call as the page makes it: JSON, with the session's CSRF token on writes. */
  async api(method: string, path: string, body?: unknown, csrf?: string): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (csrf !== undefined) headers['X-CSRF-Token'] = csrf;
    return this.send(`${this.apiUrl}/dashboard/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async csrf(): Promise<string> {
    const reply = await this.api('GET', '/session');
    if (reply.status !== 200) throw new Error(`not signed in: ${reply.status} ${reply.text}`);
    return reply.json.data.csrfToken as string;
  }
}

/**
 * A suite's local server signing in with a fake Discord on 127.0.0.1 (started before its tests),
 * and browsers signed in as a Discord user. Every browser here is 127.0.0.1, so the per-address
 * quota is lifted (it would stop the suite, not what it tests) unless the suite tests the quota.
 */
export function useDiscordSignIn({ ratePerMinute = 100_000 }: { ratePerMinute?: number } = {}) {
  let discord: FakeDiscordOAuth | undefined;
  beforeAll(async () => {
    discord = await startFakeDiscordOAuth();
    process.env.RATE_LIMIT_PER_MINUTE = String(ratePerMinute);
  });
  afterAll(async () => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
    await discord?.close();
  });
  const fake = () => discord as FakeDiscordOAuth;
  const api = useTestApi(() => ({ discordApiBase: fake().apiBase, discordClient: fake().client }));
  /** A browser signed in as `user` (the fake Discord's next authorization is theirs). */
  async function signedInAs(user: FakeUser): Promise<DashboardBrowser> {
    fake().signInAs(user);
    const browser = new DashboardBrowser(api.url);
    expect((await browser.signIn()).status).toBe(302);
    return browser;
  }
  return { api, discord: fake, signedInAs };
}
