import { afterAll, beforeAll } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { githubDelivery, githubSignature } from '../fixtures/github/payloads';
import { launchChromium, openPage, type OpenedPage } from './browser';
import { startFakeDiscordOAuth, type FakeDiscordOAuth, type FakeUser } from './fakeDiscordOAuth';
import { call, startTestApi } from './localApi';

export interface DashboardInChromium {
  discord: FakeDiscordOAuth;
  api: LocalServer;
  browser: Browser;
  /** The dashboard, signed out, in a fresh browser profile (see openPage for the options). */
  open(options?: Parameters<typeof openPage>[2]): Promise<OpenedPage>;
  /** Signs `user` in through the fake Discord from the signed-out page, back on the dashboard signed in. */
  signIn(page: Page, user: FakeUser): Promise<void>;
  /** Signs the local developer in (the local server's own sign-in, no Discord). */
  signInLocally(page: Page): Promise<void>;
}

/**
 * A suite's dashboard in Chromium: a fake Discord (webhooks, and its sign-in when `discordSignIn`),
 * the local server seeded with `localApiKey`, and a browser. Every page is 127.0.0.1, so the
 * per-address quota is raised; a failed delivery's retry waits an hour, so the page shows it
 * queued.
 */
export function useDashboardInChromium(options: {
  localApiKey: string;
  discordSignIn: boolean /** The store's endpoint (read when the suite starts), else a store of the server's own. */;
  dynamoEndpoint?: () => string;
}): DashboardInChromium {
  const started = {
    open: (openOptions) => openPage(started.browser, `${started.api.url}/dashboard`, openOptions),
    async signIn(page, user) {
      started.discord.signInAs(user);
      await page.getByRole('link', { name: 'Sign in with Discord' }).click();
      await page.waitForURL(`${started.api.url}/dashboard`);
      await page.locator('#signed-in').waitFor({ state: 'visible' });
    },
    async signInLocally(page) {
      await page.getByRole('link', { name: 'Sign in locally (development only)' }).click();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
    },
  } as DashboardInChromium;
  beforeAll(async () => {
    started.discord = await startFakeDiscordOAuth();
    process.env.RATE_LIMIT_PER_MINUTE = '100000';
    process.env.RELAY_RETRY_BACKOFF_SECONDS = '3600';
    const signIn = options.discordSignIn ? { discordClient: started.discord.client } : {};
    const store = options.dynamoEndpoint ? { dynamoEndpoint: options.dynamoEndpoint() } : {};
    started.api = await startTestApi({
      discordApiBase: started.discord.apiBase,
      localApiKey: options.localApiKey,
      ...signIn,
      ...store,
    });
    started.browser = await launchChromium();
  }, 30_000);
  afterAll(async () => {
    delete process.env.RATE_LIMIT_PER_MINUTE;
    delete process.env.RELAY_RETRY_BACKOFF_SECONDS;
    await started.browser?.close();
    await started.api?.close();
    await started.discord?.close();
  });
  return started;
}

/**
 * GitHub's delivery of `event` (id `deliveryId`, its fixture's payload unless given) signed with
 * `secret`, posted to a relay URL the page built: the relay's answer message.
 */
export async function relaySignedGithubDelivery(
  relayUrl: string,
  secret: string,
  event: string,
  deliveryId: string,
  payload?: unknown,
): Promise<string> {
  const delivery = githubDelivery(event, deliveryId, payload);
  const signature = githubSignature(delivery.body, secret);
  const reply = await call(relayUrl, {
    method: 'POST',
    headers: { ...delivery.headers, 'X-Hub-Signature-256': signature },
    body: delivery.body,
  });
  return reply.json.message;
}
