import { afterAll, beforeAll } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { launchChromium } from './browser';
import { startFakeDiscordOAuth, type FakeDiscordOAuth } from './fakeDiscordOAuth';
import { startTestApi } from './localApi';

export interface DashboardInChromium {
  discord: FakeDiscordOAuth;
  api: LocalServer;
  browser: Browser;
}

/**
 * A suite's dashboard in Chromium: a fake Discord on 127.0.0.1 (webhooks, and "Sign in with
 * Discord" when `discordSignIn`, else the local sign-in), the local server seeded with
 * `localApiKey`, and a browser. Every page is 127.0.0.1, so its per-address quota is raised (it
 * would stop the suite, not what it tests); a delivery Discord fails stays queued, its automatic
 * retry an hour away, so the page shows it waiting and replays it by hand.
 */
export function useDashboardInChromium(options: {
  localApiKey: string;
  discordSignIn: boolean /** The store's endpoint (read when the suite starts), else a store of the server's own. */;
  dynamoEndpoint?: () => string;
}): DashboardInChromium {
  const started = {} as DashboardInChromium;
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
