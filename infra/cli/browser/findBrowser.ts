import { isAbsolute, join, resolve } from 'node:path';

/** What the finder may ask of the machine: injected, so its order is tested without touching one. */
export interface BrowserProbes {
  env: Record<string, string | undefined>;
  /** True for a file this process may execute. */
  isExecutable: (path: string) => boolean;
  /** The names in a directory; none when it is missing or unreadable. */
  listDirectory: (path: string) => string[];
  homeDirectory: string;
  workingDirectory: string;
  /** playwright-core's package folder, where PLAYWRIGHT_BROWSERS_PATH=0 keeps its browsers. */
  playwrightCoreRoot: string;
}

export type BrowserSearch =
  | { found: string; source: string }
  /** An environment variable names a browser that is not there: a mistake to report, not to work around. */
  | { problem: string }
  | { missing: true };

/** Where Debian's chromium package puts it; DEBIAN_CHROMIUM_PATH lets a test look elsewhere. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const PATH_NAMES = ['google-chrome', 'google-chrome-stable', 'chromium-browser', 'chromium'];
const PATH_VARIABLES = ['CHROMIUM_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH'];

/**
 * A Chromium-family browser for playwright-core, first found of: CHROMIUM_PATH (or Playwright's own
 * PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH), Debian's chromium, Chrome or Chromium on PATH, Playwright's cache.
 */
export function findBrowser(probes: BrowserProbes): BrowserSearch {
  for (const name of PATH_VARIABLES) {
    const path = probes.env[name];
    if (!path) continue;
    if (probes.isExecutable(path)) return { found: path, source: name };
    return { problem: `${name}=${path} is not an executable file: point it at Chrome or Chromium, or unset it` };
  }
  const debian = probes.env.DEBIAN_CHROMIUM_PATH || DEBIAN_CHROMIUM;
  if (probes.isExecutable(debian)) return { found: debian, source: "Debian's chromium" };
  const onPath = onSearchPath(probes, PATH_NAMES);
  if (onPath) return { found: onPath, source: 'PATH' };
  const cached = inPlaywrightCache(probes);
  if (cached) return { found: cached, source: "Playwright's cache" };
  return { missing: true };
}

/** The first of `names` found executable in PATH's directories, names before directories. */
export function onSearchPath(probes: Pick<BrowserProbes, 'env' | 'isExecutable'>, names: string[]): string | undefined {
  const directories = (probes.env.PATH ?? '').split(':').filter(Boolean);
  for (const name of names) {
    for (const directory of directories) {
      const path = join(directory, name);
      if (probes.isExecutable(path)) return path;
    }
  }
  return undefined;
}

/** Playwright's browser folder, found as playwright-core itself finds it. */
export function playwrightRegistry(probes: BrowserProbes): string {
  const chosen = probes.env.PLAYWRIGHT_BROWSERS_PATH;
  if (chosen === '0') return join(probes.playwrightCoreRoot, '.local-browsers');
  if (chosen) return isAbsolute(chosen) ? chosen : resolve(probes.env.INIT_CWD || probes.workingDirectory, chosen);
  return join(probes.env.XDG_CACHE_HOME || join(probes.homeDirectory, '.cache'), 'ms-playwright');
}

/** The newest Chromium Playwright downloaded (chromium-<revision>/chrome-linux*\/chrome), if any. */
function inPlaywrightCache(probes: BrowserProbes): string | undefined {
  const registry = playwrightRegistry(probes);
  const revisions = probes
    .listDirectory(registry)
    .map((name) => ({ name, revision: Number(/^chromium-(\d+)$/.exec(name)?.[1]) }))
    .filter(({ revision }) => Number.isInteger(revision))
    .sort((a, b) => b.revision - a.revision);
  for (const { name } of revisions) {
    const folder = join(registry, name);
    for (const build of probes.listDirectory(folder).filter((entry) => entry.startsWith('chrome-linux'))) {
      const path = join(folder, build, 'chrome');
      if (probes.isExecutable(path)) return path;
    }
  }
  return undefined;
}
