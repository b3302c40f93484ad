import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { BOT_FIELDS, type BotFieldName, botFieldNames, byField, summaryFieldNames } from '../../shared/bots/fields';
import { useDashboardInChromium } from '../support/dashboardInChromium';
import type { FakeDiscordOAuth } from '../support/fakeDiscordOAuth';
import { call } from '../support/localApi';

/**
 * Every field of BOT_FIELDS, whatever it holds now, through the dashboard in Chromium: typed into
 * the bot form, stored and returned by the public API (in listings too when it is a summary
 * field), shown in the form when the bot is edited, changed there, and removed by emptying it. A
 * new field is covered by this test without a line of it changing.
 */
const LOCAL_KEY = 'dashboard-bot-fields-key-0123';
const dashboard = useDashboardInChromium({ localApiKey: LOCAL_KEY, discordSignIn: false });
let discord: FakeDiscordOAuth;
let api: LocalServer;
beforeAll(() => {
  ({ discord, api } = dashboard);
});

const CLIENT_ID = '300000000000000456';
const BOT_NAME = 'Every field';

/** A value each field takes (text as long as allowed, or a web address); `round` tells one save from the next. */
const fieldValue = (name: BotFieldName, round: string) => {
  const field = BOT_FIELDS[name];
  return field.kind === 'url' ? `https://bot.example/${name}/${round}` : `${name} ${round} `.padEnd(field.max, 'x');
};
const valuesOf = (round: string) => byField(botFieldNames, (name) => fieldValue(name, round));

const input = (page: Page, name: BotFieldName) => page.getByLabel(BOT_FIELDS[name].label, { exact: true });

async function fillForm(page: Page, values: Record<BotFieldName, string>): Promise<void> {
  for (const name of botFieldNames) await input(page, name).fill(values[name]);
}

const formValues = async (page: Page) =>
  Object.fromEntries(
    await Promise.all(botFieldNames.map(async (name) => [name, await input(page, name).inputValue()])),
  );

/** The bot as the public API returns it, only its BOT_FIELDS fields (absent ones as null). */
async function returned(path: string): Promise<Record<string, unknown>> {
  const answer = await call(`${api.url}${path}`, { key: LOCAL_KEY });
  expect(answer.status).toBe(200);
  const bot = path.includes('?')
    ? answer.json.data.bots.find((listed: { clientId: string }) => listed.clientId === CLIENT_ID)
    : answer.json.data;
  return Object.fromEntries(botFieldNames.filter((name) => name in bot).map((name) => [name, bot[name] ?? null]));
}

async function save(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Save bot' }).click();
  await page.getByText(message).waitFor();
}

describe('every bot field (BOT_FIELDS) in the dashboard', () => {
  test('stored, returned, shown and editable', async () => {
    expect(botFieldNames.length).toBeGreaterThan(0);
    const { context, page, problems } = await dashboard.open();
    try {
      await dashboard.signInLocally(page);
      await page.locator('#no-bots').waitFor({ state: 'visible' });

      // Registered from the form with every field, then verified: the public API answers for it.
      await page.getByLabel('Client id').fill(CLIENT_ID);
      await page.getByLabel('Bot name').fill(BOT_NAME);
      await fillForm(page, valuesOf('first'));
      await save(page, `Bot ${BOT_NAME} saved: verify it to have it listed.`);
      const botToken = discord.addApplication({ id: CLIENT_ID, name: BOT_NAME });
      await page.getByRole('button', { name: `Verify ${BOT_NAME}` }).click();
      await page.getByLabel('Bot token').fill(botToken);
      await page.getByRole('button', { name: 'Verify bot' }).click();
      await page.getByText(`Bot ${BOT_NAME} verified.`).waitFor();
      await expect(returned(`/v1/bots/${CLIENT_ID}`)).resolves.toEqual(valuesOf('first'));
      // Listings carry the summary fields, and only those.
      await expect(returned('/v1/bots?limit=100')).resolves.toEqual(
        byField(summaryFieldNames, (name) => fieldValue(name, 'first')),
      );

      // A fresh page shows each saved value in the form when the bot is edited; each can be changed.
      await page.reload();
      await page.getByRole('button', { name: `Edit ${BOT_NAME}` }).click();
      await expect(formValues(page)).resolves.toEqual(valuesOf('first'));
      await fillForm(page, valuesOf('second'));
      await save(page, `Bot ${BOT_NAME} saved.`);
      await expect(returned(`/v1/bots/${CLIENT_ID}`)).resolves.toEqual(valuesOf('second'));

      // Emptied in the form, each is removed.
      await page.reload();
      await page.getByRole('button', { name: `Edit ${BOT_NAME}` }).click();
      await expect(formValues(page)).resolves.toEqual(valuesOf('second'));
      await fillForm(
        page,
        byField(botFieldNames, () => ''),
      );
      await save(page, `Bot ${BOT_NAME} saved.`);
      const emptied = await returned(`/v1/bots/${CLIENT_ID}`);
      expect(botFieldNames.filter((name) => emptied[name] !== undefined && emptied[name] !== null)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
