import { runFolder } from '../support/runCache';

/**
 * Jest's globalSetup: one folder per run, named to the workers (started after it) in TEST_RUN_FOLDER,
 * where what several suites need is built once (test/support/runCache.ts); removed when jest exits.
 */
export default function createRunFolder(): void {
  // A fresh one for every run, whatever an outer environment names.
  delete process.env.TEST_RUN_FOLDER;
  runFolder();
}
