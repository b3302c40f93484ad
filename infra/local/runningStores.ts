import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { StoreCredentials } from './storeCredentials';

/** What a running `npm start` tells the CLIs on this machine: where its store is and how to sign in. */
export interface RunningStore {
  pid: number;
  endpoint: string;
  tableName: string;
  credentials: StoreCredentials;
  /**
   * The key its relay seals Discord tokens with (SECRETS_KEY, or DATA_DIR's): `npm run webhooks` opens them with it.
   */
  secretsKey?: string;
  startedAt: string;
}

/**
 * One record per running server, in a directory only this user may read (the credentials are
 * in it). LOCAL_STATE_DIR moves it (tests, or two checkouts that should not see each other).
 */
function recordsDir(env: NodeJS.ProcessEnv): string {
  const dir = env.LOCAL_STATE_DIR || join(tmpdir(), `chatbot-utility-api-${userInfo().uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  // Another user could have made the directory first, to read what is written there.
  if (!stat.isDirectory() || stat.uid !== userInfo().uid || (stat.mode & 0o077) !== 0)
    throw new Error(`${dir} must be a directory of yours that only you can read`);
  return dir;
}

/** Publishes this process's store until it exits; returns the removal. */
export function announceStore(
  store: Omit<RunningStore, 'pid' | 'startedAt'>,
  env: NodeJS.ProcessEnv = process.env,
): () => void {
  const file = join(recordsDir(env), `${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ ...store, pid: process.pid, startedAt: new Date().toISOString() }), {
    mode: 0o600,
  });
  const remove = () => rmSync(file, { force: true });
  process.once('exit', remove);
  return remove;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The stores of servers still running, newest first. */
export function runningStores(env: NodeJS.ProcessEnv = process.env): RunningStore[] {
  const dir = recordsDir(env);
  const records: RunningStore[] = [];
  for (const name of readdirSync(dir).filter((entry) => /^\d+\.json$/.test(entry))) {
    try {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as RunningStore;
      if (alive(record.pid)) records.push(record);
    } catch {
      // A record being written or removed as we read: not a store to use.
    }
  }
  return records.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
