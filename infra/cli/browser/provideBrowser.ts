import type { BrowserSearch } from './findBrowser';

/** What the machine allows for installing a browser. */
export interface Machine {
  isRoot: boolean;
  hasApt: boolean;
  /** sudo runs without asking for a password. */
  canSudo: boolean;
}

/** One way of providing a browser: the commands it runs, one after another. */
export interface Provision {
  name: string;
  commands: string[][];
}

/** Playwright's download of Chrome for Testing, without the headless shell the tests do not use. */
export const PLAYWRIGHT_INSTALL = 'npx playwright-core install --no-shell chromium';

/**
 * The ways to try, in order: Debian's chromium where apt-get may run as root, then Playwright's
 * download (its own CLI, `playwrightCli`, run by this node: no PATH or npx needed).
 */
export function provisionPlan(machine: Machine, node: string, playwrightCli: string): Provision[] {
  const playwright = {
    name: "Playwright's Chromium",
    commands: [[node, playwrightCli, 'install', '--no-shell', 'chromium']],
  };
  if (!machine.hasApt || !(machine.isRoot || machine.canSudo)) return [playwright];
  const apt = [...(machine.isRoot ? [] : ['sudo', '-n']), 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const debian = {
    name: "Debian's chromium",
    commands: [
      [...apt, 'update', '-qq'],
      [...apt, 'install', '-y', '-qq', 'chromium'],
    ],
  };
  return [debian, playwright];
}

/** The one line that ends a run without a browser: the command most likely to give this machine one. */
export function fixLine(machine: Pick<Machine, 'isRoot' | 'hasApt'>): string {
  const sudo = machine.isRoot ? '' : 'sudo ';
  const install = machine.hasApt ? `${sudo}apt-get update && ${sudo}apt-get install chromium` : PLAYWRIGHT_INSTALL;
  return `No Chromium found: run \`${install}\` or set CHROMIUM_PATH=/path/to/chrome`;
}

/** auto: provide a missing browser; never: only look; dry-run: print what providing would run. */
export type ProvideMode = 'auto' | 'never' | 'dry-run';

export interface EnsureBrowser {
  find: () => BrowserSearch;
  machine: () => Machine;
  plan: (machine: Machine) => Provision[];
  /** Runs one command; true when it exits 0. */
  run: (command: string[]) => Promise<boolean>;
  mode: ProvideMode;
  say: (line: string) => void;
  complain: (line: string) => void;
}

/**
 * A browser for the tests, found or provided: the exit code of `npm test`'s first step. Found, it
 * says which in one line; not found and not provided, it stops the run with the one-line fix.
 */
export async function ensureBrowser(steps: EnsureBrowser): Promise<number> {
  const first = steps.find();
  if ('found' in first) return found(steps, first);
  if ('problem' in first) {
    steps.complain(first.problem);
    return 1;
  }
  const machine = steps.machine();
  if (steps.mode !== 'never') {
    for (const provision of steps.plan(machine)) {
      const provided = await attempt(steps, provision);
      const search = provided ? steps.find() : undefined;
      if (search && 'found' in search) return found(steps, search);
    }
  }
  steps.complain(fixLine(machine));
  return 1;
}

function found(steps: EnsureBrowser, search: { found: string; source: string }): number {
  steps.say(`Chromium for the browser tests: ${search.found} (${search.source})`);
  return 0;
}

/** Runs a provision's commands, stopping at the first that fails; a dry run prints each and runs none. */
async function attempt(steps: EnsureBrowser, provision: Provision): Promise<boolean> {
  steps.say(`No Chromium found: ${steps.mode === 'dry-run' ? 'would install' : 'installing'} ${provision.name}`);
  for (const command of provision.commands) {
    if (steps.mode === 'dry-run') steps.say(`would run: ${command.join(' ')}`);
    else if (!(await steps.run(command))) return false;
  }
  return steps.mode !== 'dry-run';
}
