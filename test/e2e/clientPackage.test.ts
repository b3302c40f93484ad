import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@jest/globals';
import { CLIENT_TARBALL } from '../../shared/html/clientInstall';
import { startFakeGateway } from '../support/fakeDiscordGateway';
import { useTestApi } from '../support/localApi';
import { usePackedClient } from '../support/packedClient';
import { runDiscordScript } from '../support/runDiscordScript';

/**
 * The client as a bot developer gets it: `npm pack` of client/ (which builds it), installed from the
 * tarball into a project outside the repository, imported by its name, drawing a rank card.
 */
const run = promisify(execFile);
const KEY = 'client-package-key-0123456789';
const api = useTestApi({ localApiKey: KEY });
const packed = usePackedClient();

const SCRIPT = `
import { ApiError, ChatbotApi } from '@chatbot-utility/client';
import { attachment } from '@chatbot-utility/client/discord';

const api = new ChatbotApi({ key: process.env.CBK_API_KEY, baseUrl: process.env.API_URL });
const png = await api.rankCard({ username: 'Packed', level: 4, xp: 30, requiredXp: 80, rank: 9 });
const file = attachment(png, 'rank.png');
const refused = await api.getBot({ clientId: '159985870458329999' }).catch((error) => error);
console.log(JSON.stringify({
  png: [...png.subarray(0, 8)],
  bytes: png.length,
  file: { name: file.name, plain: file.constructor === Object, size: file.attachment.length },
  refused: { apiError: refused instanceof ApiError, status: refused.status, code: refused.code },
}));
`;

test('npm pack, installed in a project of its own, imported by name: a rank card PNG', async () => {
  const { project, tarball } = packed;
  // The name the pages' install note and client/README.md give.
  expect(tarball).toBe(CLIENT_TARBALL);
  expect(readFileSync('client/README.md', 'utf8')).toContain(`npm install /path/to/the/api/${CLIENT_TARBALL}`);
  const installed = join(project, 'node_modules/@chatbot-utility/client');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  expect(manifest.dependencies).toBeUndefined();
  // What the tarball holds: the build (JavaScript and declarations), the README, the manifest; no sources.
  const files = readdirSync(installed, { recursive: true, encoding: 'utf8' });
  expect(files).toEqual(expect.arrayContaining(['README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/discord.d.ts']));
  expect(files.filter((file) => file.startsWith('src'))).toEqual([]);
  // discord.js is an optional peer: not installed with the client.
  expect(readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([
    '@chatbot-utility',
  ]);

  writeFileSync(join(project, 'card.mjs'), SCRIPT);
  const { stdout } = await run(process.execPath, ['card.mjs'], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', CBK_API_KEY: KEY, API_URL: api.url },
  });
  const result = JSON.parse(stdout);
  expect(result.png).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(result.bytes).toBeGreaterThan(1000);
  // Without discord.js, attachment() gives the plain { attachment, name } that discord.js's `files` takes.
  expect(result.file).toEqual({ name: 'rank.png', plain: true, size: result.bytes });
  expect(result.refused).toEqual({ apiError: true, status: 404, code: 'NOT_FOUND' });
});

test("the root README's discord.js command with the installed client: a reply with the rank card PNG", async () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.split('## Use it from discord.js')[1]?.split('\n## ')[0] ?? '';
  expect(section.trim().split('\n').length).toBeLessThanOrEqual(12);
  const snippet = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  expect(snippet).toContain("attachment(png, 'rank.png')");
  packed.addDiscordJs();
  const botId = '300000000000000888';
  const gateway = await startFakeGateway({ botId, guilds: 1, memberCount: 3 });
  const source = [
    "import { Client, Events, GatewayIntentBits } from 'discord.js';",
    'const client = new Client({ intents: [GatewayIntentBits.Guilds] });',
    snippet.replace("'http://127.0.0.1:3000'", 'process.env.API_URL'),
    "client.once(Events.ClientReady, () => console.log('ready'));",
    'client.login(process.env.DISCORD_TOKEN);',
  ].join('\n');
  const script = runDiscordScript(
    source,
    gateway,
    { CBK_API_KEY: KEY, API_URL: api.url, DISCORD_TOKEN: 'fake.discord.token' },
    { project: packed.project },
  );
  try {
    await script.waitFor(/ready/);
    gateway.command('rank', { id: '200000000000000123', username: 'Packed' });
    const until = Date.now() + 10_000;
    while (gateway.replies.length === 0 && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
    const [reply] = gateway.replies;
    expect(reply?.contentType).toMatch(/^multipart\/form-data/);
    const body = reply?.body ?? Buffer.alloc(0);
    expect(body.toString('latin1')).toMatch(/filename="rank\.png"/);
    expect(body.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(script.output()).toBe('ready\n');
  } finally {
    await script.stop();
    await gateway.close();
  }
}, 60_000);
