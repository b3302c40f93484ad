/** Pure helpers shared by every benchmark: percentiles, summaries, rounding and formatting. */

/**
 * The p-th percentile (0..100) of the samples, nearest-rank on the sorted values: the smallest
 * sample with at least p% of the samples at or below it (p 50 of [1, 2, 3, 4] is 2; p 0 is the
 * minimum, p 100 the maximum). Throws on no samples.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is not within 0..100`);
  const sorted = isSorted(samples) ? samples : [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

const isSorted = (values: readonly number[]) =>
  values.every((value, i) => i === 0 || (values[i - 1] as number) <= value);

export interface Summary {
  samples: number;
  median: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** Median, p90, p99, mean, min and max of the samples (in their own unit). */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p);
  return {
    samples: sorted.length,
    median: at(50),
    p90: at(90),
    p99: at(99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    min: sorted[0] as number,
    max: sorted[sorted.length - 1] as number,
  };
}

/** A number kept to `digits` significant digits (for the JSON file: no false precision). */
export function significant(value: number, digits = 4): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}

/** Every number of a summary to `digits` significant digits. */
export const roundSummary = (summary: Summary, digits = 4): Summary =>
  Object.fromEntries(
    Object.entries(summary).map(([name, value]) => [name, name === 'samples' ? value : significant(value, digits)]),
  ) as unknown as Summary;

/** A duration in milliseconds for a table: µs below 1 ms, ms with 3 significant digits above. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${significant(ms * 1000, 3)} µs`;
  if (ms < 1000) return `${significant(ms, 3)} ms`;
  return `${significant(ms / 1000, 3)} s`;
}

/** A byte count for a table: B, KiB or MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${significant(bytes / 1024, 3)} KiB`;
  return `${significant(bytes / 1024 / 1024, 3)} MiB`;
}

/** A count per second with thousands separators, no decimals above 100. */
export const formatRate = (perSecond: number): string =>
  perSecond >= 100 ? Math.round(perSecond).toLocaleString('en-US') : String(significant(perSecond, 3));

/** Milliseconds since `start` (a `process.hrtime.bigint()` reading). */
export const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
