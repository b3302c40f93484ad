import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The local stand-in for the stack's KMS key: SECRETS_KEY when set, else a key kept in
 * `<DATA_DIR or .data>/secrets.key` (created once, readable by its owner only), so the server and
 * `npm run webhooks` open the same sealed secrets across restarts.
 */
export function localSecretsKey(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SECRETS_KEY) return env.SECRETS_KEY;
  const file = join(env.DATA_DIR || '.data', 'secrets.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('base64');
  mkdirSync(dirname(file), { recursive: true });
  // `wx`: if another process created it meanwhile, keep theirs.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
