import { textTable } from './textTable';
import type { SmokeCheck } from './smokeChecks';

/** One line of the smoke table. `skipped`: a keyed check without a key, which is not a failure. */
export interface SmokeRow {
  check: string;
  status: string;
  ms: number;
  result: string;
  outcome: 'ok' | 'failed' | 'skipped';
}

export interface SmokeOptions {
  key?: string;
  /** Each request's whole time, answer read: a dead or silent host fails the check after it. */
  timeoutMs: number;
}

/** Why a request got no answer, from fetch's error and its cause (ECONNREFUSED, ENOTFOUND, ...). */
function failureReason(error: unknown, timeoutMs: number): string {
  const failure = error as Error & { cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = failure.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)';
  if (cause?.code) return `${cause.message ?? 'request failed'} (${cause.code})`;
  return cause?.message ?? failure.message;
}

async function runCheck(base: string, check: SmokeCheck, options: SmokeOptions): Promise<SmokeRow> {
  const row = { check: `${check.method} ${check.name}`, status: '-', ms: 0 };
  if (check.needsKey && !options.key) return { ...row, result: 'skipped (no --key)', outcome: 'skipped' };
  const headers: Record<string, string> = { Accept: check.accept };
  if (check.needsKey) headers.Authorization = `Bearer ${options.key}`;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const response = await fetch(`${base}${check.path}`, { method: check.method, headers, signal });
    const body = Buffer.from(await response.arrayBuffer());
    const status = String(response.status);
    if (response.status !== check.status)
      return { ...row, status, ms: elapsed(), result: `expected ${check.status}`, outcome: 'failed' };
    const wrong = check.method === 'HEAD' ? undefined : check.judge(response.headers.get('content-type') ?? '', body);
    return { ...row, status, ms: elapsed(), result: wrong ?? 'ok', outcome: wrong ? 'failed' : 'ok' };
  } catch (error) {
    return { ...row, ms: elapsed(), result: failureReason(error, options.timeoutMs), outcome: 'failed' };
  }
}

/**
 * Runs every check at once against `baseUrl` (the stage URL, such as
 * `https://<id>.execute-api.<region>.amazonaws.com/prod`), so a host that never answers fails them
 * all within one timeout rather than one after another.
 */
export function runSmoke(baseUrl: string, checks: SmokeCheck[], options: SmokeOptions): Promise<SmokeRow[]> {
  const base = baseUrl.replace(/\/+$/, '');
  return Promise.all(checks.map((check) => runCheck(base, check, options)));
}

/** The rows as an aligned text table: check, status, ms, result. */
export const smokeTable = (rows: SmokeRow[]): string =>
  textTable(
    ['check', 'status', 'ms', 'result'],
    rows.map((row) => [row.check, row.status, row.outcome === 'skipped' ? '-' : String(row.ms), row.result]),
  );
