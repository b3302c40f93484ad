import { describe, expect, test } from '@jest/globals';
import type { BrowserSearch } from '../../infra/cli/browser/findBrowser';
import {
  ensureBrowser,
  fixLine,
  provisionPlan,
  type Machine,
  type ProvideMode,
} from '../../infra/cli/browser/provideBrowser';

const root: Machine = { isRoot: true, hasApt: true, canSudo: false };
const user: Machine = { isRoot: false, hasApt: true, canSudo: false };
const apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
const playwright = ['node', 'cli.js', 'install', '--no-shell', 'chromium'];
const chrome: BrowserSearch = { found: '/usr/bin/chromium', source: "Debian's chromium" };

/**
 * ensureBrowser on a made-up machine: `installs` says which commands succeed, `leavesBrowser` whether
 * an install that succeeds leaves a browser behind. Nothing is installed: the commands are only recorded.
 */
async function ensure(
  machine: Machine,
  {
    first = { missing: true } as BrowserSearch,
    installs = [] as string[],
    leavesBrowser = true,
    mode = 'auto' as ProvideMode,
  } = {},
) {
  const ran: string[] = [];
  const said: string[] = [];
  const complaints: string[] = [];
  let installed = false;
  const code = await ensureBrowser({
    find: () => (installed ? chrome : first),
    machine: () => machine,
    plan: (facts) => provisionPlan(facts, 'node', 'cli.js'),
    run: async (command) => {
      ran.push(command.join(' '));
      const succeeds = installs.some((name) => command.includes(name));
      installed ||= succeeds && leavesBrowser && command.includes('install');
      return succeeds;
    },
    mode,
    say: (line) => said.push(line),
    complain: (line) => complaints.push(line),
  });
  return { code, ran, said, complaints };
}

describe('provisionPlan: how a missing browser is provided', () => {
  test("as root with apt-get: Debian's chromium, then Playwright's download", () => {
    expect(provisionPlan(root, 'node', 'cli.js').map((p) => p.commands)).toEqual([
      [
        [...apt, 'update', '-qq'],
        [...apt, 'install', '-y', '-qq', 'chromium'],
      ],
      [playwright],
    ]);
  });

  test('with passwordless sudo: apt-get through sudo -n, which never prompts', () => {
    const [debian] = provisionPlan({ ...user, canSudo: true }, 'node', 'cli.js');
    expect(debian?.commands[1]).toEqual(['sudo', '-n', ...apt, 'install', '-y', '-qq', 'chromium']);
  });

  test.each([
    ['not root, no sudo', user],
    ['root without apt-get', { ...root, hasApt: false }],
  ])("%s: Playwright's download only", (_, machine) => {
    expect(provisionPlan(machine, 'node', 'cli.js').map((p) => p.commands)).toEqual([[playwright]]);
  });
});

describe('ensureBrowser', () => {
  test('a browser found: one line saying which, nothing run, exit 0', async () => {
    expect(await ensure(root, { first: chrome })).toEqual({
      code: 0,
      ran: [],
      said: ["Chromium for the browser tests: /usr/bin/chromium (Debian's chromium)"],
      complaints: [],
    });
  });

  test('root with apt-get: apt-get provides it and Playwright is not asked', async () => {
    const { code, ran } = await ensure(root, { installs: ['apt-get'] });
    expect(code).toBe(0);
    expect(ran).toEqual([`${apt.join(' ')} update -qq`, `${apt.join(' ')} install -y -qq chromium`]);
  });

  test("not root: Playwright's download provides it", async () => {
    const { code, ran, said } = await ensure(user, { installs: ['cli.js'] });
    expect([code, ran]).toEqual([0, [playwright.join(' ')]]);
    expect(said.at(-1)).toBe("Chromium for the browser tests: /usr/bin/chromium (Debian's chromium)");
  });

  test('apt-get failing: Playwright is tried next', async () => {
    const { code, ran } = await ensure(root, { installs: ['cli.js'] });
    expect([code, ran]).toEqual([0, [`${apt.join(' ')} update -qq`, playwright.join(' ')]]);
  });

  test('both failing: the run stops with the one line naming the command, exit 1', async () => {
    const { code, ran, complaints } = await ensure(root);
    expect(code).toBe(1);
    expect(ran).toHaveLength(2);
    expect(complaints).toEqual([
      'No Chromium found: run `apt-get update && apt-get install chromium` or set CHROMIUM_PATH=/path/to/chrome',
    ]);
  });

  test('a command that succeeds but leaves no browser does not count', async () => {
    const { code, ran } = await ensure(user, { installs: ['cli.js'], leavesBrowser: false });
    expect(code).toBe(1);
    expect(ran).toEqual([playwright.join(' ')]);
  });

  test('never: nothing run, only the line', async () => {
    expect(await ensure(root, { mode: 'never', installs: ['apt-get', 'cli.js'] })).toMatchObject({
      code: 1,
      ran: [],
      said: [],
      complaints: [fixLine(root)],
    });
  });

  test('dry-run: every command printed, none run', async () => {
    const { code, ran, said } = await ensure(root, { mode: 'dry-run', installs: ['apt-get', 'cli.js'] });
    expect([code, ran]).toEqual([1, []]);
    expect(said.filter((line) => line.startsWith('would run: '))).toEqual([
      `would run: ${apt.join(' ')} update -qq`,
      `would run: ${apt.join(' ')} install -y -qq chromium`,
      `would run: ${playwright.join(' ')}`,
    ]);
  });

  test('a variable naming a missing browser stops at once, providing nothing', async () => {
    const problem = 'CHROMIUM_PATH=/opt/gone is not an executable file: point it at Chrome or Chromium, or unset it';
    expect(await ensure(root, { first: { problem }, installs: ['apt-get'] })).toEqual({
      code: 1,
      ran: [],
      said: [],
      complaints: [problem],
    });
  });
});

describe('fixLine names the command for the machine', () => {
  test.each([
    [root, 'apt-get update && apt-get install chromium'],
    [user, 'sudo apt-get update && sudo apt-get install chromium'],
    [{ ...user, hasApt: false }, 'npx playwright-core install --no-shell chromium'],
  ])('%j: %s', (machine, command) => {
    expect(fixLine(machine)).toBe(`No Chromium found: run \`${command}\` or set CHROMIUM_PATH=/path/to/chrome`);
  });
});
