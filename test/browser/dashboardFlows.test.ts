import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Page, Route } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { relaySignedGithubDelivery, useDashboardInChromium } from '../support/dashboardInChromium';
import { startStoppableStore, type StoppableStore } from '../support/dynamo';
import type { FakeDiscordOAuth, FakeUser } from '../support/fakeDiscordOAuth';
import { call } from '../support/localApi';
import { expectAccessiblePage } from '../support/pageAudit';

/**
 * The dashboard's flows when requests are slow, repeated, refused or early: a double click makes
 * one request, a save before a list has loaded changes nothing the person did not set, a failed
 * request says so and the page keeps working, a store outage answers a page (not JSON).
 */
// A store the outage test can stop under the running server (one server: the handlers' services are the process's own).
let store: StoppableStore;
beforeAll(async () => {
  store = await startStoppableStore();
});
const dashboard = useDashboardInChromium({
  localApiKey: 'dashboard-flows-key-0123',
  discordSignIn: true,
  dynamoEndpoint: () => store.endpoint,
});
afterAll(() => store?.close());
let discord: FakeDiscordOAuth;
let api: LocalServer;
beforeAll(() => {
  ({ discord, api } = dashboard);
});

let users = 0;
/** A new account each test, so none sees another's keys, bots or webhooks. */
const newUser = (): FakeUser => ({ id: `20000000000000${String(7000 + ++users)}`, username: `flows${users}` });

/** Script errors only: a console error is also logged for every refused request, which these tests make. */
const openDashboard = () => dashboard.open({ consoleErrors: false });

/**
 * A test as a new user: a fresh browser profile on the dashboard (`before` runs there first, e.g. to
 * route requests), signed in, then `run`; afterwards no script error on the page, and the profile
 * closed whatever happened.
 */
async function asNewUser(
  run: (page: Page) => Promise<void>,
  options: { before?: (page: Page) => Promise<unknown> } = {},
): Promise<void> {
  const { context, page, problems } = await openDashboard();
  try {
    await options.before?.(page);
    await dashboard.signIn(page, newUser());
    await run(page);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

/** A gate: requests routed through `hold` wait until `release()`. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { release, hold: async (route: Route) => opened.then(() => route.continue().catch(() => undefined)) };
}

const slow = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue().catch(() => undefined);
};

/** The dashboard API's error envelope, as a refused request would have it. */
const refusal = (status: number, code: string, message: string) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, error: { code, message, requestId: 'test' } }),
});

const problemText = (page: Page) => page.locator('#problem').textContent();
const keyRows = (page: Page) => page.locator('#keys tbody tr');

/** The page's own API, called as its script does (with the session's CSRF token). */
const pageCall = async (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([method, path, body, csrf]) => {
      const response = await fetch(`/dashboard/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    },
    [
      method,
      path,
      body,
      JSON.parse((await page.locator('#session').textContent()) ?? '{}').csrfToken as string,
    ] as const,
  );

describe('the dashboard when requests are repeated, early or refused', () => {
  test('a double click, or Enter twice, on "Create key" creates one key, whose value is shown', async () => {
    await asNewUser(async (page) => {
      await page.getByText('0 of 5 active keys').waitFor();
      const posts: string[] = [];
      page.on(
        'request',
        (request) =>
          request.method() === 'POST' && request.url().endsWith('/dashboard/api/keys') && posts.push(request.url()),
      );
      await page.route('**/dashboard/api/keys', (route) =>
        route.request().method() === 'POST' ? slow(400)(route) : route.continue(),
      );

      await page.getByLabel('Key name').fill('clicked twice');
      await page.getByRole('button', { name: 'Create key' }).dblclick();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      await page.getByText('1 of 5 active keys').waitFor();
      expect(await keyRows(page).count()).toBe(1);

      await page.getByLabel('Key name').fill('entered twice');
      await page.getByLabel('Key name').press('Enter');
      await page.getByLabel('Key name').press('Enter');
      await page.getByText('2 of 5 active keys').waitFor();
      await expect(page.getByRole('button', { name: 'Create key' }).isEnabled()).resolves.toBe(true);
      expect(await keyRows(page).count()).toBe(2);
      expect(posts).toHaveLength(2);
      expect(await problemText(page)).toBe('');
    });
  }, 60_000);

  test('a double click on Replay replays once with no error; Save bot twice saves once', async () => {
    await asNewUser(async (page) => {
      const [id, token] = ['1234567890123457001', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'];
      discord.addWebhook(id, token);
      await page.getByLabel('Discord webhook URL').fill(`https://discord.com/api/webhooks/${id}/${token}`);
      await page.getByLabel('Provider').selectOption('github');
      const relayUrl = await page.getByLabel('Relay URL').inputValue();
      await page.getByLabel('Signing secret').fill('flows-secret');
      const saves: string[] = [];
      page.on(
        'request',
        (request) =>
          request.method() !== 'GET' &&
          /\/dashboard\/api\/(webhooks|bots)/.test(request.url()) &&
          saves.push(`${request.method()} ${new URL(request.url()).pathname}`),
      );
      await page.route('**/dashboard/api/webhooks', (route) =>
        route.request().method() === 'POST' ? slow(400)(route) : route.continue(),
      );
      await page.getByRole('button', { name: 'Save webhook' }).dblclick();
      await page.getByText(`Webhook ${id} saved: github deliveries are checked.`).waitFor();

      discord.failPosts(1);
      expect(await relaySignedGithubDelivery(relayUrl, 'flows-secret', 'star', 'flows-star-1')).toBe('queued: star');
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.route('**/replay', slow(400));
      await page.getByRole('button', { name: 'Replay star flows-star-1' }).dblclick();
      await page.getByText('Delivery flows-star-1 replayed: forwarded.').waitFor();
      await page.waitForTimeout(600);
      expect(await problemText(page)).toBe('');
      // Focus goes to the section's heading, not the page's body.
      await expect(page.evaluate('document.activeElement && document.activeElement.id')).resolves.toBe(
        'webhooks-title',
      );

      await page.route('**/dashboard/api/bots/*', (route) =>
        route.request().method() === 'PUT' ? slow(400)(route) : route.continue(),
      );
      await page.getByLabel('Client id').fill('300000000000007001');
      await page.getByLabel('Bot name').fill('Twice');
      await page.getByRole('button', { name: 'Save bot' }).dblclick();
      await page.getByText('Bot Twice saved: verify it to have it listed.').waitFor();
      await page.waitForTimeout(600);
      expect(saves).toEqual([
        `POST /dashboard/api/webhooks`,
        `POST /dashboard/api/webhooks/${id}/replay`,
        'PUT /dashboard/api/bots/300000000000007001',
      ]);
      expect(await problemText(page)).toBe('');
    });
  }, 60_000);

  test('a webhook saved before the list loads keeps "Refuse unsigned deliveries" on, then follows it', async () => {
    await asNewUser(async (page) => {
      const [id, token] = ['1234567890123457002', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'];
      const url = `https://discord.com/api/webhooks/${id}/${token}`;
      discord.addWebhook(id, token);
      await page.getByLabel('Discord webhook URL').fill(url);
      await page.getByLabel('Provider').selectOption('github');
      await page.getByLabel('Signing secret').fill('flows-secret');
      await page.getByLabel('Refuse unsigned deliveries').check();
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText('Signed: github; unsigned deliveries refused.').waitFor();

      // The list held back: the GitLab secret is saved before it arrives.
      let first = gate();
      let held = false;
      await page.route('**/dashboard/api/webhooks', (route) => {
        if (route.request().method() !== 'GET' || held) return route.continue();
        held = true;
        return first.hold(route);
      });
      const sent: unknown[] = [];
      page.on(
        'request',
        (request) =>
          request.method() === 'POST' &&
          request.url().endsWith('/dashboard/api/webhooks') &&
          sent.push(request.postDataJSON()),
      );
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.getByLabel('Discord webhook URL').fill(url);
      await page.getByLabel('Provider').selectOption('gitlab');
      await page.getByLabel('Signing secret').fill('a-gitlab-token');
      await page.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText(`Webhook ${id} saved: github, gitlab deliveries are checked.`).waitFor();
      first.release();
      expect(sent).toHaveLength(1);
      expect(sent[0]).not.toHaveProperty('requireSignatures');
      await page.getByText('Signed: github, gitlab; unsigned deliveries refused.').waitFor();

      // Again held: the box, unticked while the list is not there, is ticked once it arrives.
      first = gate();
      held = false;
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.getByLabel('Discord webhook URL').fill(url);
      await expect(page.getByLabel('Refuse unsigned deliveries').isChecked()).resolves.toBe(false);
      first.release();
      await page.getByText('Signed: github, gitlab; unsigned deliveries refused.').waitFor();
      await expect(page.getByLabel('Refuse unsigned deliveries').isChecked()).resolves.toBe(true);
    });
  }, 60_000);

  test('saving a bot before the bots list has loaded cannot wipe its website, avatar and tags', async () => {
    await asNewUser(async (page) => {
      await page.getByLabel('Key name').fill('bot key');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      const key = await page.locator('#new-key-value').inputValue();
      const clientId = '300000000000007002';
      const unseen = { avatar: 'https://cdn.example/f.png', website: 'https://flows.example', tags: ['utility'] };
      expect(
        (
          await call(`${api.url}/v1/bots/${clientId}`, {
            key,
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'Flows', ...unseen }),
          })
        ).status,
      ).toBe(201);

      const list = gate();
      await page.route('**/dashboard/api/bots', (route) =>
        route.request().method() === 'GET' ? list.hold(route) : route.continue(),
      );
      await page.reload();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.getByLabel('Client id').fill(clientId);
      await page.getByLabel('Bot name').fill('Flows 2');
      await expect(page.locator('#save-bot-button').isDisabled()).resolves.toBe(true);
      await page.locator('#save-bot-button').click({ force: true });
      await page.getByLabel('Bot name').press('Enter');
      await page.waitForTimeout(300);
      list.release();
      await page.getByRole('button', { name: 'Edit Flows' }).waitFor();
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.getByText('Bot Flows 2 saved: verify it to have it listed.').waitFor();
      expect((await call(`${api.url}/v1/bots/${clientId}`, { key })).json.data).toMatchObject({
        name: 'Flows 2',
        ...unseen,
      });
    });
  }, 60_000);

  test('the providers list refused (429): its message is shown and the Webhooks section keeps working', async () => {
    await asNewUser(
      async (page) => {
        await page.locator('#problem', { hasText: 'Too many requests; retry in 30 seconds' }).waitFor();
        await page
          .getByLabel('Discord webhook URL')
          .fill('https://discord.com/api/webhooks/1234567890123457003/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789');
        await page.getByLabel('Discord webhook URL').press('x');
        await page.locator('#no-webhooks').waitFor({ state: 'visible' });
      },
      {
        before: (page) =>
          page.route(`${api.url}/webhooks`, (route) =>
            route.fulfill(refusal(429, 'RATE_LIMITED', 'Too many requests; retry in 30 seconds')),
          ),
      },
    );
  }, 60_000);

  test('a refused sign-out says why and stays; a refused key creation refreshes the keys', async () => {
    await asNewUser(async (page) => {
      await page.getByText('0 of 5 active keys').waitFor();
      await page.route('**/dashboard/api/signout', (route) =>
        route.fulfill(refusal(503, 'SERVICE_UNAVAILABLE', 'A storage dependency is unavailable; retry shortly')),
      );
      let navigated = false;
      page.on('framenavigated', () => (navigated = true));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('#problem', { hasText: 'A storage dependency is unavailable; retry shortly' }).waitFor();
      await page.waitForTimeout(300);
      expect(navigated).toBe(false);
      await expect(page.locator('#signed-in').isVisible()).resolves.toBe(true);

      // Another tab fills the account's five slots: this page's creation is refused, and then shows them.
      for (let n = 0; n < 5; n += 1)
        expect(await pageCall(page, 'POST', '/keys', { name: `elsewhere ${n}` })).toBe(201);
      await page.getByLabel('Key name').fill('one too many');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#problem', { hasText: 'revoke one first' }).waitFor();
      await page.getByText('5 of 5 active keys').waitFor();
      expect(await keyRows(page).count()).toBe(5);
      await expect(page.getByRole('button', { name: 'Create key' }).isDisabled()).resolves.toBe(true);
    });
  }, 60_000);

  test('revoking a new key hides its value, deleting a bot its forms; focus goes to the heading', async () => {
    await asNewUser(async (page) => {
      await page.getByLabel('Key name').fill('short lived');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.locator('#new-key').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Usage short lived' }).click();
      await page.locator('#usage').waitFor({ state: 'visible' });
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Revoke short lived' }).click();
      await page.getByText('Key short lived revoked.').waitFor();
      await expect(page.locator('#new-key').isHidden()).resolves.toBe(true);
      await expect(page.locator('#new-key-value').inputValue()).resolves.toBe('');
      await expect(page.locator('#usage').isHidden()).resolves.toBe(true);
      await expect(page.evaluate('document.activeElement && document.activeElement.id')).resolves.toBe('keys-title');

      await page.getByLabel('Client id').fill('300000000000007004');
      await page.getByLabel('Bot name').fill('Doomed');
      await page.getByRole('button', { name: 'Save bot' }).click();
      await page.locator('#heartbeat').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Verify Doomed' }).click();
      await page.locator('#verify-bot').waitFor({ state: 'visible' });
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete Doomed' }).click();
      await page.getByText('Bot Doomed deleted.').waitFor();
      await expect(page.locator('#verify-bot').isHidden()).resolves.toBe(true);
      await expect(page.locator('#heartbeat').isHidden()).resolves.toBe(true);
      await expect(page.evaluate('document.activeElement && document.activeElement.id')).resolves.toBe('bots-title');
    });
  }, 60_000);
});

describe('the dashboard while its store is down', () => {
  test('with the store down: sign-out says so (no raw JSON), the page is a 503 with Retry-After', async () => {
    const { context, page, problems } = await openDashboard();
    try {
      await dashboard.signIn(page, newUser());
      await page.getByText('0 of 5 active keys').waitFor();
      await page.locator('#no-webhooks').waitFor({ state: 'visible' });
      await page.locator('#no-bots').waitFor({ state: 'visible' });
      await store.stop();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('#problem', { hasText: 'retry shortly' }).waitFor();
      await expect(page.locator('#signed-in').isVisible()).resolves.toBe(true);

      const answer = await page.reload();
      expect(answer?.status()).toBe(503);
      expect(answer?.headers()['content-type']).toMatch(/^text\/html/);
      expect(answer?.headers()['retry-after']).toBe('5');
      await page.getByText('The dashboard is unavailable; retry shortly').waitFor();
      await expect(page.locator('h1').textContent()).resolves.toBe('Dashboard');
      await expectAccessiblePage(page, 1280);

      await store.start();
      await page.getByRole('link', { name: 'Retry' }).click();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('#signed-out').waitFor({ state: 'visible' });
      expect(problems).toEqual([]);
    } finally {
      await store.start();
      await context.close();
    }
  }, 60_000);
});
