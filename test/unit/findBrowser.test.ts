import { describe, expect, test } from '@jest/globals';
import { findBrowser, type BrowserProbes } from '../../infra/cli/browser/findBrowser';

/** A made-up machine: the executable files it has, and the names in each of its directories. */
function probes(
  executables: string[],
  env: Record<string, string> = {},
  directories: Record<string, string[]> = {},
): BrowserProbes {
  return {
    env,
    isExecutable: (path) => executables.includes(path),
    listDirectory: (path) => directories[path] ?? [],
    homeDirectory: '/home/dev',
    workingDirectory: '/work/app',
    playwrightCoreRoot: '/work/app/node_modules/playwright-core',
  };
}

const cache = '/home/dev/.cache/ms-playwright';
const cachedChrome = `${cache}/chromium-1255/chrome-linux64/chrome`;
const everything = ['/opt/chrome', '/usr/bin/chromium', '/usr/bin/google-chrome', cachedChrome];
const everyDirectory = { [cache]: ['chromium-1255'], [`${cache}/chromium-1255`]: ['chrome-linux64'] };

describe('findBrowser looks in order: variable, Debian, PATH, Playwright cache', () => {
  test('CHROMIUM_PATH comes before everything else', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome', PATH: '/usr/bin' };
    expect(findBrowser(probes(everything, env, everyDirectory))).toEqual({
      found: '/opt/chrome',
      source: 'CHROMIUM_PATH',
    });
  });

  test("Playwright's own PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH is honoured too", () => {
    const env = { PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: '/opt/chrome', PATH: '/usr/bin' };
    expect(findBrowser(probes(everything, env))).toEqual({
      found: '/opt/chrome',
      source: 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH',
    });
  });

  test('a variable naming a missing file is reported, not passed over for another browser', () => {
    expect(findBrowser(probes(everything, { CHROMIUM_PATH: '/opt/gone', PATH: '/usr/bin' }))).toEqual({
      problem: 'CHROMIUM_PATH=/opt/gone is not an executable file: point it at Chrome or Chromium, or unset it',
    });
  });

  test("Debian's chromium comes before Chrome on PATH", () => {
    expect(findBrowser(probes(everything, { PATH: '/usr/bin' }, everyDirectory))).toEqual({
      found: '/usr/bin/chromium',
      source: "Debian's chromium",
    });
  });

  test('DEBIAN_CHROMIUM_PATH moves where Debian is looked for', () => {
    const found = findBrowser(probes(['/usr/bin/chromium'], { DEBIAN_CHROMIUM_PATH: '/nowhere/chromium' }));
    expect(found).toEqual({ missing: true });
  });

  test('on PATH, Chrome before Chromium, and each name in PATH order', () => {
    const onPath = ['/a/chromium', '/b/google-chrome-stable', '/c/google-chrome-stable'];
    expect(findBrowser(probes(onPath, { PATH: '/a:/b:/c' }))).toEqual({
      found: '/b/google-chrome-stable',
      source: 'PATH',
    });
    expect(findBrowser(probes(['/a/chromium-browser'], { PATH: '/a' }))).toEqual({
      found: '/a/chromium-browser',
      source: 'PATH',
    });
  });

  test("PATH before Playwright's cache", () => {
    const found = findBrowser(probes(['/a/chromium', cachedChrome], { PATH: '/a' }, everyDirectory));
    expect(found).toEqual({ found: '/a/chromium', source: 'PATH' });
  });
});

describe("findBrowser in Playwright's cache", () => {
  const revisions = {
    [cache]: ['chromium-999', 'chromium-1255', 'chromium-1300', 'chromium_headless_shell-1400', 'ffmpeg-1013'],
    [`${cache}/chromium-1300`]: ['INSTALLATION_COMPLETE'],
    [`${cache}/chromium-1255`]: ['chrome-linux64'],
    [`${cache}/chromium-999`]: ['chrome-linux'],
  };

  test('the newest revision with a chrome in it, by number', () => {
    const older = `${cache}/chromium-999/chrome-linux/chrome`;
    expect(findBrowser(probes([older, cachedChrome], {}, revisions))).toEqual({
      found: cachedChrome,
      source: "Playwright's cache",
    });
    expect(findBrowser(probes([older], {}, revisions))).toEqual({ found: older, source: "Playwright's cache" });
  });

  test.each([
    [{ XDG_CACHE_HOME: '/xdg' }, '/xdg/ms-playwright'],
    [{ PLAYWRIGHT_BROWSERS_PATH: '/browsers' }, '/browsers'],
    [{ PLAYWRIGHT_BROWSERS_PATH: 'browsers' }, '/work/app/browsers'],
    [{ PLAYWRIGHT_BROWSERS_PATH: 'browsers', INIT_CWD: '/elsewhere' }, '/elsewhere/browsers'],
    [{ PLAYWRIGHT_BROWSERS_PATH: '0' }, '/work/app/node_modules/playwright-core/.local-browsers'],
  ])('with %j it looks in %s', (env, registry) => {
    const chrome = `${registry}/chromium-1/chrome-linux/chrome`;
    const layout = { [registry]: ['chromium-1'], [`${registry}/chromium-1`]: ['chrome-linux'] };
    expect(findBrowser(probes([chrome, cachedChrome], env, { ...everyDirectory, ...layout }))).toEqual({
      found: chrome,
      source: "Playwright's cache",
    });
  });

  test('nothing anywhere is missing', () => {
    expect(findBrowser(probes([], { PATH: '/usr/bin:/bin' }))).toEqual({ missing: true });
  });
});
