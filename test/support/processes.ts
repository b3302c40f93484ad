import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { TSX } from '../../fixtures/localServerProcess';

// Starting and stopping `npm start`'s entry point serves the bench too, so it lives in fixtures/.
export { startMain, stop, type Started } from '../../fixtures/localServerProcess';

/** Runs `npm start`'s entry point that must exit before it is ready; resolves with its code and output. */
export async function runMainToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(TSX, ['infra/local/main.ts'], {
    env: { ...process.env, SECRETS_KEY: randomBytes(32).toString('base64'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let [stdout, stderr] = ['', ''];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = await once(child, 'exit');
  clearTimeout(timer);
  return { code: code as number | null, stdout, stderr };
}

/** Runs `npm run keys -- ...`'s entry point; resolves with its exit code and stdout. */
export async function runKeys(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(TSX, ['infra/cli/keys.ts', ...args], {
      env: { ...process.env, ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '' };
  }
}
