import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchVersusCanvacord } from './canvacord';
import { benchColdStart } from './coldStart';
import { benchEndToEnd, type EndToEndOptions } from './endToEnd';
import { currentLoad, describeMachine } from './machine';
import { benchPng } from './png';
import { benchRenders, type RenderOptions } from './render';
import { markdownReport, type BenchResults } from './report';

/**
 * `npm run bench`: render, PNG, cold-start and end-to-end figures, written to bench/results.json and
 * BENCHMARKS.md. BENCH_ONLY picks parts (the others are kept from results.json; `report` only rewrites
 * BENCHMARKS.md); BENCH_QUICK=1 shortens every part, to try the bench rather than measure.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
process.chdir(ROOT);

const RESULTS = 'bench/results.json';
const REPORT = 'BENCHMARKS.md';
const PARTS = ['render', 'png', 'cold', 'e2e'] as const;
type Part = (typeof PARTS)[number];

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
const runs = (part: Part) => only.length === 0 || only.includes(part);
const quick = ['1', 'true', 'yes'].includes((process.env.BENCH_QUICK ?? '').toLowerCase());

const renderOptions: RenderOptions = quick
  ? { millisecondsPerRoute: 150, warmupMilliseconds: 50 }
  : { millisecondsPerRoute: 1500, warmupMilliseconds: 300 };
const endToEndOptions: EndToEndOptions = {
  durationSeconds: quick ? 2 : 10,
  warmupSeconds: quick ? 1 : 2,
  connections: 10,
  keys: 500,
  ratePerMinute: 600,
};
const coldStartRuns = quick ? 2 : 11;
const pngSamples = quick ? 5 : 40;

const log = (line: string) => console.log(`[bench] ${line}`);
const started = Date.now();
const previous: Partial<BenchResults> =
  only.length && existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults) : {};
const results: BenchResults = { machine: describeMachine(), runSeconds: 0, settings: { ...previous.settings } };
log(
  `${results.machine.cpu}, ${results.machine.cores} cores, Node ${results.machine.node}, load ${results.machine.loadAverage.start}`,
);

// Quietest first: the in-process figures, then the ones that start processes.
if (runs('render')) {
  results.settings.render = renderOptions;
  results.render = await benchRenders(renderOptions, log);
} else results.render = previous.render;
if (runs('png')) {
  results.settings.pngSamples = pngSamples;
  results.png = await benchPng({ samples: pngSamples, warmup: 3 }, log);
  results.versusCanvacord = await benchVersusCanvacord({ samples: pngSamples, warmup: 3 }, log);
} else
  [results.png, results.versusCanvacord] = [
    previous.png,
    Array.isArray(previous.versusCanvacord) ? previous.versusCanvacord : undefined,
  ];
if (runs('cold')) {
  results.settings.coldStartRuns = coldStartRuns;
  results.coldStart = await benchColdStart({ runs: coldStartRuns, outDir: 'node_modules/.cache/bench-bundles' }, log);
} else results.coldStart = previous.coldStart;
if (runs('e2e')) {
  results.settings.endToEnd = endToEndOptions;
  results.endToEnd = await benchEndToEnd(endToEndOptions, log);
} else results.endToEnd = previous.endToEnd;

results.machine.loadAverage.end = currentLoad();
results.runSeconds = Math.round((Date.now() - started) / 100) / 10;
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(REPORT, markdownReport(results));
log(`wrote ${RESULTS} and ${REPORT} in ${results.runSeconds} s`);
