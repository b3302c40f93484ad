import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { markdownReport, type BenchResults } from './report';
import { FULL, PARTS, QUICK, runSuite, type Part } from './suite';

/**
 * `npm run bench`: render, PNG, cold-start and end-to-end figures, written to bench/results.json and
 * BENCHMARKS.md. BENCH_ONLY picks parts (the others are kept from results.json; `report` only rewrites
 * BENCHMARKS.md); BENCH_QUICK=1 shortens every part, to try the bench rather than measure.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
process.chdir(ROOT);

const RESULTS = 'bench/results.json';
const REPORT = 'BENCHMARKS.md';

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
if (only.length === 1 && only[0] === 'report') {
  writeFileSync(REPORT, markdownReport(JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults));
  console.log(`[bench] wrote ${REPORT} from ${RESULTS}`);
  process.exit(0);
}
for (const part of only)
  if (!PARTS.includes(part as Part)) throw new Error(`BENCH_ONLY: unknown part ${part} (one of ${PARTS.join(', ')})`);
const quick = ['1', 'true', 'yes'].includes((process.env.BENCH_QUICK ?? '').toLowerCase());

const log = (line: string) => console.log(`[bench] ${line}`);
const previous: Partial<BenchResults> =
  only.length && existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults) : {};
const results = await runSuite(quick ? QUICK : FULL, (part) => only.length === 0 || only.includes(part), previous, log);
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(REPORT, markdownReport(results));
log(`wrote ${RESULTS} and ${REPORT} in ${results.runSeconds} s`);
