import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBrowser } from './browser/findBrowser';
import { machine, machineProbes, PLAYWRIGHT_CORE } from './browser/machine';
import { ensureBrowser, provisionPlan, type ProvideMode } from './browser/provideBrowser';

const MODES: ProvideMode[] = ['auto', 'never', 'dry-run'];

/** A command run with the terminal's output, so a download shows its progress. */
async function run(command: string[]): Promise<boolean> {
  const [file = '', ...args] = command;
  const child = spawn(file, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = await Promise.race([once(child, 'exit'), once(child, 'error').then(() => [1])]);
  return code === 0;
}

/** `npm test`'s first step (npm's pretest): a browser for the browser tests, or one line saying how to get one. */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const requested = process.env.BROWSER_PROVIDE || 'auto';
  const mode = MODES.find((known) => known === requested);
  if (!mode) {
    console.error(`BROWSER_PROVIDE=${requested} is not one of ${MODES.join(', ')}`);
    process.exit(2);
  }
  process.exitCode = await ensureBrowser({
    find: () => findBrowser(machineProbes()),
    machine: () => machine(),
    plan: (facts) => provisionPlan(facts, process.execPath, join(PLAYWRIGHT_CORE, 'cli.js')),
    run,
    mode,
    say: (line) => console.log(line),
    complain: (line) => console.error(line),
  });
}
