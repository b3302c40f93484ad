import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** This jest run's folder (test/setup/runFolder.ts), or one for this process when run without that setup. */
export function runFolder(): string {
  if (!process.env.TEST_RUN_FOLDER) {
    const folder = mkdtempSync(join(tmpdir(), 'jest-run-'));
    process.env.TEST_RUN_FOLDER = folder;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return process.env.TEST_RUN_FOLDER;
}

/**
 * The folder `build` fills for `name`, built once per jest run by whichever suite asks first, whatever
 * worker it runs in: the others wait for it (a lock folder), then read what it holds. A build that
 * throws leaves nothing behind, so the next suite to ask builds it again (and sees the error itself).
 */
export async function builtOnce(name: string, build: (folder: string) => unknown): Promise<string> {
  const folder = join(runFolder(), name);
  const lock = `${folder}.lock`;
  while (!existsSync(folder)) {
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(100);
      continue;
    }
    try {
      if (existsSync(folder)) break;
      // Built aside and renamed when whole, so no suite ever reads half of it.
      const partial = `${folder}.partial`;
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial);
      await build(partial);
      renameSync(partial, folder);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return folder;
}
