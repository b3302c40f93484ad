import { randomBytes } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';

const TSX = 'node_modules/.bin/tsx';

export interface Started {
  child: ChildProcess;
  /** Every stdout line printed up to and including `listening on ...`. */
  lines: string[];
  url: string;
}

/** Runs `npm start`'s entry point as a user would and waits for its ready line (at most 30 s). */
export async function startMain(env: Record<string, string>): Promise<Started> {
  // A key of its own, so the server does not create .data/secrets.key in the checkout.
  const secrets = { SECRETS_KEY: randomBytes(32).toString('base64') };
  const child = spawn(TSX, ['infra/local/main.ts'], {
    env: { ...process.env, ...secrets, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 30 s: ${lines.join('\n')}`)), 30_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const ready = /^listening on (http:\/\/\S+)$/.exec(line);
        if (ready?.[1]) {
          clearTimeout(timer);
          resolve(ready[1]);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready: ${lines.join('\n')}`)));
  });
  return { child, lines, url };
}

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

export async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  return code as number | null;
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
