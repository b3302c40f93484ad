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
