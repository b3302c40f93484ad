import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Jest's globalSetup: one folder per run, named to the workers (started after it) in TEST_RUN_FOLDER,
 * where what several suites need is built once (test/support/runCache.ts); removed when jest exits.
 */
export default function createRunFolder(): void {
  const folder = mkdtempSync(join(tmpdir(), 'jest-run-'));
  process.env.TEST_RUN_FOLDER = folder;
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}
