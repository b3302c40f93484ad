import { benchVersusCanvacord } from './canvacord';
import { benchColdStart, type ColdStartOptions } from './coldStart';
import { benchEndToEnd, type EndToEndOptions } from './endToEnd';
import { currentLoad, describeMachine } from './machine';
import { benchPng, type PngOptions } from './png';
import { benchRenders, type RenderOptions } from './render';
import type { BenchResults } from './report';

/** The parts of `npm run bench`, quietest first: in-process figures, then the ones that start processes. */
export const PARTS = ['render', 'png', 'cold', 'e2e'] as const;
export type Part = (typeof PARTS)[number];

export interface SuiteOptions {
  render: RenderOptions;
  png: PngOptions;
  cold: ColdStartOptions;
  e2e: EndToEndOptions;
}

const COMMON_E2E = { connections: 10, keys: 500, ratePerMinute: 600, storeCallProbes: 20 };
const BUNDLES_DIR = 'node_modules/.cache/bench-bundles';

/** The figures BENCHMARKS.md reports. */
export const FULL: SuiteOptions = {
  render: { millisecondsPerRoute: 1500, warmupMilliseconds: 300 },
  png: { samples: 40, warmup: 3 },
  cold: { runs: 11, outDir: BUNDLES_DIR },
  e2e: { ...COMMON_E2E, durationSeconds: 10, warmupSeconds: 2 },
};

/** BENCH_QUICK=1: every part shortened, to try the bench (not for figures). */
export const QUICK: SuiteOptions = {
  render: { millisecondsPerRoute: 150, warmupMilliseconds: 50 },
  png: { samples: 5, warmup: 3 },
  cold: { runs: 2, outDir: BUNDLES_DIR },
  e2e: { ...COMMON_E2E, durationSeconds: 2, warmupSeconds: 1 },
};

/**
 * What `npm test` runs so the bench cannot rot unnoticed (test/e2e/benchTrial.test.ts): every part
 * for a second or so, its one drawing function's bundle only, a few keys: figures to check, not to read.
 */
export const TRIAL: SuiteOptions = {
  render: { millisecondsPerRoute: 20, warmupMilliseconds: 10 },
  png: { samples: 2, warmup: 1 },
  cold: { runs: 1, outDir: `${BUNDLES_DIR}-trial`, bundles: ['rank-card'] },
  e2e: { connections: 4, keys: 8, ratePerMinute: 6000, storeCallProbes: 5, durationSeconds: 0.5, warmupSeconds: 0.3 },
};

/**
 * Runs the chosen parts and returns their figures; the parts not run keep `previous`'s (an earlier
 * results.json), so one part can be measured again alone.
 */
export async function runSuite(
  options: SuiteOptions,
  runs: (part: Part) => boolean,
  previous: Partial<BenchResults> = {},
  log: (line: string) => void = () => undefined,
): Promise<BenchResults> {
  const started = Date.now();
  const results: BenchResults = { machine: describeMachine(), runSeconds: 0, settings: { ...previous.settings } };
  const { cpu, cores, node, loadAverage } = results.machine;
  log(`${cpu}, ${cores} cores, Node ${node}, load ${loadAverage.start}`);
  if (runs('render')) {
    results.settings.render = options.render;
    results.render = await benchRenders(options.render, log);
  } else results.render = previous.render;
  if (runs('png')) {
    results.settings.pngSamples = options.png.samples;
    results.png = await benchPng(options.png, log);
    results.versusCanvacord = await benchVersusCanvacord(options.png, log);
  } else
    [results.png, results.versusCanvacord] = [
      previous.png,
      Array.isArray(previous.versusCanvacord) ? previous.versusCanvacord : undefined,
    ];
  if (runs('cold')) {
    results.settings.coldStartRuns = options.cold.runs;
    results.coldStart = await benchColdStart(options.cold, log);
  } else results.coldStart = previous.coldStart;
  if (runs('e2e')) {
    results.settings.endToEnd = options.e2e;
    results.endToEnd = await benchEndToEnd(options.e2e, log);
  } else results.endToEnd = previous.endToEnd;
  results.machine.loadAverage.end = currentLoad();
  results.runSeconds = Math.round((Date.now() - started) / 100) / 10;
  return results;
}
