import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from '@jest/globals';
import { builtOnce, runFolder } from './runCache';

const run = promisify(execFile);

export interface PackedClient {
  /** The tarball's file name, as `npm pack` named it. */
  readonly tarball: string;
  /** A bot's project (an ES module package) outside the repository, the tarball installed in it offline. */
  readonly project: string;
  /** Adds discord.js to the project as the bot's own dependency (the client's optional peer): the repository's. */
  addDiscordJs(): void;
}

const npmEnv = (folder: string) => ({
  ...process.env,
  // The copy is outside the repository: its prepack finds tsc here.
  PATH: [resolve('node_modules/.bin'), process.env.PATH].join(delimiter),
  npm_config_cache: join(folder, 'npm-cache'),
  npm_config_update_notifier: 'false',
});

/**
 * client/ packed as `npm pack` packs it (its prepack builds it), once per jest run for every suite that
 * installs it: the pack runs on a copy of client/, so it never writes the checkout's build folder.
 */
const packedOnce = (): Promise<string> =>
  builtOnce('client-pack', async (packs) => {
    const folder = mkdtempSync(join(runFolder(), 'client-copy-'));
    const source = join(folder, 'client');
    cpSync(resolve('client'), source, { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) });
    await run('npm', ['pack', '--pack-destination', packs, '--silent'], { cwd: source, env: npmEnv(folder) });
  });

/**
 * client/ as a bot developer gets it, once per suite: the packed tarball (packedOnce) and
 * `npm install <tarball> --offline` in a project of its own, removed after the suite.
 */
export function usePackedClient(): PackedClient {
  let folder = '';
  let tarball = '';
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'client-package-'));
    const packs = await packedOnce();
    [tarball = ''] = readdirSync(packs);
    const project = join(folder, 'bot');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bot', private: true, type: 'module' }));
    await run('npm', ['install', join(packs, tarball), '--offline', '--no-audit', '--no-fund'], {
      cwd: project,
      env: npmEnv(folder),
    });
  }, 120_000);
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  const started = () => {
    if (!tarball) throw new Error('the client is not packed yet (use it inside a test or hook)');
    return join(folder, 'bot');
  };
  return {
    get tarball() {
      started();
      return tarball;
    },
    get project() {
      return started();
    },
    addDiscordJs() {
      const link = join(started(), 'node_modules/discord.js');
      if (!existsSync(link)) symlinkSync(resolve('node_modules/discord.js'), link);
    },
  };
}
