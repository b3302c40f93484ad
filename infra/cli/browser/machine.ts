import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { onSearchPath, type BrowserProbes } from './findBrowser';
import type { Machine } from './provideBrowser';

/** playwright-core's folder in this checkout. */
export const PLAYWRIGHT_CORE = fileURLToPath(new URL('../../../node_modules/playwright-core', import.meta.url));

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function listDirectory(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/** The finder's probes over this machine and `env`. */
export function machineProbes(env: NodeJS.ProcessEnv = process.env): BrowserProbes {
  return {
    env,
    isExecutable,
    listDirectory,
    homeDirectory: homedir(),
    workingDirectory: process.cwd(),
    playwrightCoreRoot: PLAYWRIGHT_CORE,
  };
}

/**
 * What this machine allows for providing a browser. Passwordless sudo is asked of sudo itself
 * (`sudo -n true` never prompts), and only when apt-get is there and we are not root.
 */
export function machine(env: NodeJS.ProcessEnv = process.env): Machine {
  const probes = { env, isExecutable };
  const isRoot = process.getuid?.() === 0;
  const hasApt = onSearchPath(probes, ['apt-get']) !== undefined;
  const sudo = !isRoot && hasApt ? onSearchPath(probes, ['sudo']) : undefined;
  const canSudo = sudo !== undefined && spawnSync(sudo, ['-n', 'true'], { stdio: 'ignore', env }).status === 0;
  return { isRoot, hasApt, canSudo };
}
