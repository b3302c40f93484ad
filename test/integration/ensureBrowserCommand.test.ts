import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm test`'s pretest step run as a process on a machine where it can find nothing: every place it
 * looks (PATH, home, Playwright's cache, Debian's path) is an empty folder of the test's own.
 */
let empty: string;
beforeAll(async () => {
  empty = await mkdtemp(join(tmpdir(), 'no-browser-'));
});
afterAll(async () => {
  await rm(empty, { recursive: true, force: true });
});

async function pretest(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const bare = {
    PATH: empty,
    HOME: empty,
    XDG_CACHE_HOME: empty,
    PLAYWRIGHT_BROWSERS_PATH: empty,
    DEBIAN_CHROMIUM_PATH: join(empty, 'chromium'),
  };
  // tsx's own entry run by this node: with PATH emptied, node_modules/.bin/tsx's `env node` would not find node.
  const tsx = ['node_modules/tsx/dist/cli.mjs', 'infra/cli/ensureBrowser.ts'];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, tsx, { env: { ...bare, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the pretest step with no browser to find', () => {
  test('CHROMIUM_PATH naming a file that cannot run: exit 1 and one line saying so', async () => {
    const notExecutable = join(empty, 'chrome');
    await writeFile(notExecutable, '', { mode: 0o644 });
    expect(await pretest({ CHROMIUM_PATH: notExecutable, BROWSER_PROVIDE: 'never' })).toEqual({
      code: 1,
      stdout: '',
      stderr: `CHROMIUM_PATH=${notExecutable} is not an executable file: point it at Chrome or Chromium, or unset it\n`,
    });
  });

  test('nothing anywhere and providing off: exit 1 and the one line naming the command', async () => {
    expect(await pretest({ BROWSER_PROVIDE: 'never' })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'No Chromium found: run `npx playwright-core install --no-shell chromium` ' +
        'or set CHROMIUM_PATH=/path/to/chrome\n',
    });
  });

  test("a dry run prints Playwright's download and downloads nothing", async () => {
    const { code, stdout, stderr } = await pretest({ BROWSER_PROVIDE: 'dry-run' });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^would run: .+\/node_modules\/playwright-core\/cli\.js install --no-shell chromium$/m);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect((await readdir(empty)).filter((name) => !['chrome', 'my-chrome'].includes(name))).toEqual([]);
  });

  test('an executable CHROMIUM_PATH is found: exit 0 and one line naming it', async () => {
    const chrome = join(empty, 'my-chrome');
    await writeFile(chrome, '#!/bin/sh\n', { mode: 0o755 });
    expect(await pretest({ CHROMIUM_PATH: chrome })).toEqual({
      code: 0,
      stdout: `Chromium for the browser tests: ${chrome} (CHROMIUM_PATH)\n`,
      stderr: '',
    });
  });
});
