import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { LocalServer } from '../../infra/local/server';
import { launchChromium, openPage } from '../support/browser';
import { startFakeGateway } from '../support/fakeDiscordGateway';
import { startTestApi } from '../support/localApi';
import { usePackedClient } from '../support/packedClient';
import { runDiscordScript } from '../support/runDiscordScript';

/**
 * The docs page's first hour in Chromium: "Get a key" first, the three steps with the page's own
 * URL in them (the curl request and the discord.js reply run as written), "Try it" taking focus to
 * the form, the 401 naming the dashboard, and parameter tables that keep words whole on a phone.
 */
const KEY = 'docs-start-key-0123';
const packed = usePackedClient();
let api: LocalServer;
let browser: Browser;
beforeAll(async () => {
  api = await startTestApi({ localApiKey: KEY });
  browser = await launchChromium();
  packed.addDiscordJs();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

/** The docs page at `width` (a phone's height) in a colour scheme, its problems collected. */
const open = (width: number, colorScheme: 'light' | 'dark' = 'light') =>
  openPage(browser, `${api.url}/`, { width, height: 844, colorScheme });

const codeOf = (page: Page, label: string) => page.locator(`pre[aria-label="${label}"]`).textContent();

/**
 * The discord.js snippet run as written by node, in a project with the packed client and discord.js
 * installed: its lines up to the handler's comment at the top of a bot's module, the rest as its
 * interactionCreate handler, the bot logged in to a fake Discord sent a /rank command. Resolves to
 * the interaction's answer as discord.js posted it.
 */
async function runReplySnippet(snippet: string, apiKey: string): Promise<{ contentType: string; body: Buffer }> {
  const [head = '', handler = ''] = snippet.split('// In your interactionCreate handler, for a /rank command:\n');
  expect(head).toContain("from '@chatbot-utility/client'");
  // The avatar is left out: the server would fetch it from Discord's CDN, out of reach here.
  const body = handler.replace(/\n\s*avatar: .*\n/, '\n');
  const source = [
    "import { Client, Events, GatewayIntentBits } from 'discord.js';",
    head,
    'const client = new Client({ intents: [GatewayIntentBits.Guilds] });',
    `client.on(Events.InteractionCreate, async (interaction) => {\n${body}\n});`,
    "client.once(Events.ClientReady, () => console.log('ready'));",
    'client.login(process.env.DISCORD_TOKEN);',
  ].join('\n');
  // A gateway per run: the fake sends commands to the first client that identified to it.
  const gateway = await startFakeGateway({ botId: '300000000000000444', guilds: 1, memberCount: 2 });
  const script = runDiscordScript(
    source,
    gateway,
    { API_KEY: apiKey, DISCORD_TOKEN: 'fake.discord.token' },
    { project: packed.project },
  );
  try {
    await script.waitFor(/ready/);
    gateway.command('rank', { id: '200000000000000124', username: 'ada' });
    const until = Date.now() + 10_000;
    while (gateway.replies.length === 0 && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
    expect(script.output()).toBe('ready\n');
    const [reply] = gateway.replies;
    if (!reply) throw new Error('the snippet never replied');
    return reply;
  } finally {
    await script.stop();
    await gateway.close();
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the docs page start', () => {
  test.each([1280, 390])(
    'at %i px "Get a key" is the first link of the content, on the first screen, to the dashboard',
    async (width) => {
      const { page, problems } = await open(width);
      try {
        const first = page.locator('main a').first();
        await expect(first.textContent()).resolves.toBe('Get a key');
        await expect(first.getAttribute('href')).resolves.toBe('/dashboard');
        const box = await first.boundingBox();
        expect(box && box.y + box.height).toBeLessThan(844);
        await first.click();
        await page.waitForURL(`${api.url}/dashboard`);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );

  test('three steps; the curl request, with the page’s own URL, draws a rank card PNG with the key', async () => {
    const { page } = await open(1280);
    try {
      await expect(page.locator('ol.steps > li').count()).resolves.toBe(3);
      await expect(page.locator('ol.steps > li').first().textContent()).resolves.toMatch(/Get a key.*dashboard/);
      const curl = (await codeOf(page, 'curl example')) ?? '';
      expect(curl).toContain('-H "Authorization: Bearer $API_KEY"');
      const url = curl.match(/"(http[^"]+)"/)?.[1] ?? '';
      expect(url.startsWith(`${api.url}/v1/images/rank-card?`)).toBe(true);
      const answer = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    } finally {
      await page.close();
    }
  });

  test('the discord.js step replies with the PNG attached; a refused key is told where keys come from', async () => {
    const { page } = await open(1280);
    try {
      const snippet = (await codeOf(page, 'discord.js example')) ?? '';
      expect(snippet).toContain(`baseUrl: '${api.url}'`);
      const reply = await runReplySnippet(snippet, KEY);
      expect(reply.contentType).toMatch(/^multipart\/form-data/);
      expect(reply.body.toString('latin1')).toMatch(/filename="rank\.png"/);
      expect(reply.body.includes(PNG_SIGNATURE)).toBe(true);

      const refused = await runReplySnippet(snippet, 'not-a-key');
      expect(refused.contentType).toBe('application/json');
      // An ephemeral message (type 4, flags 64) telling where keys come from.
      expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({
        type: 4,
        data: { content: `No rank card: Invalid API key; get a key at ${api.url}/dashboard`, flags: 64 },
      });
    } finally {
      await page.close();
    }
  });

  test('"Try it" by keyboard focuses the form’s first field; without a key, the 401 names the dashboard', async () => {
    const { page, problems } = await open(1280);
    try {
      await page.focus('button[data-try="jail"]');
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => (globalThis as unknown as Focus).document.activeElement?.id)).resolves.toBe(
        'try-route',
      );
      expect(
        await page.locator('#try-route').evaluate((select) => (select as unknown as { value: string }).value),
      ).toBe('jail');
      const box = await page.locator('#try-route').boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
      // The next Tab is the route's first parameter.
      await page.keyboard.press('Tab');
      await expect(
        page.evaluate(() => (globalThis as unknown as Focus).document.activeElement?.getAttribute('name')),
      ).resolves.toBe('image');

      await page.selectOption('#try-route', 'listBots');
      await page.click('#try button[type="submit"]');
      await page.waitForSelector('#try-json:not([hidden])');
      expect(JSON.parse((await page.textContent('#try-json')) ?? '').error).toEqual({
        code: 'UNAUTHORIZED',
        message: `Missing API key: send Authorization: Bearer <API_KEY>; get a key at ${api.url}/dashboard`,
      });
      expect(problems.filter((problem) => !/401/.test(problem))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

/** What the tests read of the page (the project compiles without DOM types). */
type Focus = { document: { activeElement: { id: string; getAttribute(name: string): string | null } | null } };

/**
 * Every parameter table cell showing a word broken across lines (or a column label, shown before
 * the cell on a phone, wider than the cell), or content overflowing it.
 */
const crampedCells = (page: Page) =>
  page.$$eval('.params th, .params td', (cells) => {
    type Node = { nodeType: number; textContent: string | null; childNodes: Node[] };
    type Cell = Node & {
      clientWidth: number;
      scrollWidth: number;
      dataset: { label?: string };
      closest(selector: string): { clientWidth: number } | null;
      appendChild(node: unknown): void;
      removeChild(node: unknown): void;
    };
    const window = globalThis as unknown as {
      getComputedStyle(element: unknown, pseudo?: string): Record<string, string>;
      document: {
        createRange(): {
          setStart(node: Node, offset: number): void;
          setEnd(node: Node, offset: number): void;
          getClientRects(): { length: number };
        };
        createElement(tag: string): { style: Record<string, string>; textContent: string; offsetWidth: number };
      };
    };
    const textNodes = (node: Node): Node[] =>
      node.nodeType === 3 ? [node] : [...node.childNodes].flatMap((child) => textNodes(child));
    /** Words of the cell's text drawn on more than one line (a hyphen ends a word: lines may break after it). */
    const brokenWords = (cell: Cell) =>
      textNodes(cell).flatMap((text) =>
        [...(text.textContent ?? '').matchAll(/[^\s-]+-?/g)]
          .filter((word) => {
            const range = window.document.createRange();
            range.setStart(text, word.index ?? 0);
            range.setEnd(text, (word.index ?? 0) + word[0].length);
            return range.getClientRects().length > 1;
          })
          .map((word) => word[0]),
      );
    /** The label shown before the cell (a phone's layout), if it does not fit the cell's width. */
    const crampedLabel = (cell: Cell, room: number) => {
      if (window.getComputedStyle(cell, '::before').content === 'none') return [];
      const probe = window.document.createElement('span');
      Object.assign(probe.style, { whiteSpace: 'nowrap', fontWeight: '600', position: 'absolute' });
      probe.textContent = `${cell.dataset.label ?? ''}:`;
      cell.appendChild(probe);
      const width = probe.offsetWidth;
      cell.removeChild(probe);
      return width > room ? [probe.textContent] : [];
    };
    const cramped: { cell: string; words: string[]; overflows: boolean }[] = [];
    for (const cell of cells as unknown as Cell[]) {
      const style = window.getComputedStyle(cell);
      // The header row a phone hides (its cells are read, not shown), and cells with nothing to show.
      if ((cell.closest('thead')?.clientWidth ?? 2) <= 1 || style.display === 'none') continue;
      const room =
        cell.clientWidth - Number.parseFloat(style.paddingLeft ?? '0') - Number.parseFloat(style.paddingRight ?? '0');
      const words = [...crampedLabel(cell, room), ...brokenWords(cell)];
      const overflows = cell.scrollWidth > cell.clientWidth;
      if (words.length || overflows) cramped.push({ cell: (cell.textContent ?? '').slice(0, 40), words, overflows });
    }
    return cramped;
  });

describe('the docs page’s first screen', () => {
  // docs/docs-start.png and docs/docs-start-phone-dark.png are these: copy them there when the page's look changes.
  test.each<[number, 'light' | 'dark', string]>([
    [1280, 'light', 'docs-start.png'],
    [390, 'dark', 'docs-start-phone-dark.png'],
  ])('at %i px, %s scheme: a screenshot (artifacts/%s)', async (width, scheme, file) => {
    const { page } = await open(width, scheme);
    try {
      mkdirSync('artifacts', { recursive: true });
      await page.screenshot({ path: `artifacts/${file}` });
    } finally {
      await page.close();
    }
  });
});

describe('the reference’s parameter tables', () => {
  test.each([390, 1280])('at %i px no cell is narrower than a word it shows, and none overflows', async (width) => {
    const { page } = await open(width);
    try {
      await expect(page.locator('.params td').count()).resolves.toBeGreaterThan(100);
      expect(await crampedCells(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('at 390 px each row is a block of labelled lines; at 1280 px the header "Parameter" is one line', async () => {
    const { page } = await open(390);
    try {
      const cell = page.locator('#rankCard .params td').first();
      await expect(cell.evaluate((td) => (globalThis as unknown as Styles).getComputedStyle(td).display)).resolves.toBe(
        'block',
      );
      await expect(
        cell.evaluate((td) => (globalThis as unknown as Styles).getComputedStyle(td, '::before').content),
      ).resolves.toMatch(/Parameter/);
      await page.setViewportSize({ width: 1280, height: 844 });
      const lines = await page
        .locator('#rankCard .params th')
        .first()
        .evaluate((th) => {
          const range = (globalThis as unknown as { document: { createRange(): RangeLike } }).document.createRange();
          range.selectNodeContents(th);
          return { text: th.textContent, lines: range.getClientRects().length };
        });
      expect(lines).toEqual({ text: 'Parameter', lines: 1 });
      await expect(page.locator('#rankCard .params td').nth(2).textContent()).resolves.toBe('up to 32 characters');
    } finally {
      await page.close();
    }
  });
});

type Styles = { getComputedStyle(element: unknown, pseudo?: string): { display: string; content: string } };
type RangeLike = { selectNodeContents(node: unknown): void; getClientRects(): { length: number } };
