import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ALIASES, BUNDLE } from '../infra/cdk/bundling';
import { groupEntry, groupManifests } from '../functions/groups';
import { COLD_START_TARGETS, sizeTarget } from './coldStartTargets';
import { significant, summarize } from './stats';

/**
 * Cold start of each Lambda: its esbuild bundle built with the options CDK uses (infra/cdk/bundling.ts)
 * (ESM, minified, source map, node22, main fields module/main, the createRequire banner, the AWS
 * SDK and resvg external), its size, and the time a fresh Node process takes to import it.
 */
export interface ColdStartFigures {
  bundle: string;
  entry: string;
  bytes: number;
  gzipBytes: number;
  sourceMapBytes: number;
  /** Whether the function draws (ships fonts: SVG or HTML routes), so needs the font parser. */
  draws: boolean;
  /** The DynamoDB client imported alone: the yardstick of the others' import times. */
  baseline?: boolean;
  /** Import median / the baseline's import median, measured in the same run. */
  importRatio?: number;
  /** Whether the bundle is within its size target and its import within the ratio target. */
  meetsTargets?: { size: boolean; import: boolean };
  /** The biggest contributors to the bundle: npm packages, or the checkout's folders, by bytes in the output. */
  largestInputs: { input: string; bytes: number }[];
  /** Time of `await import(bundle)` in a fresh process, ms (median, p99 over the runs). */
  importMs: { median: number; p99: number; runs: number };
  /** The same with NODE_OPTIONS=--enable-source-maps, as the deployed functions run. */
  importWithSourceMapsMs: { median: number; p99: number; runs: number };
  /** From process start (performance.timeOrigin) to the bundle imported, ms, median. */
  processReadyMs: number;
}

export interface ColdStartOptions {
  runs: number;
  /** Where bundles are written: inside the checkout's node_modules, so the external AWS SDK resolves from it. */
  outDir: string;
  /** Only these bundles (and the baseline): a quick trial. Default every bundle. */
  bundles?: string[];
}

export interface BundleEntry {
  bundle: string;
  entry: string;
  draws: boolean;
  baseline?: boolean;
}

/** Every deployed function (one per group manifest, and the authorizer), and the baseline. */
export const bundleEntries = (): BundleEntry[] => [
  ...groupManifests.map(({ name, ships }) => ({ bundle: name, entry: groupEntry(name), draws: ships.fonts })),
  { bundle: 'authorizer', entry: 'functions/authorizer/index.ts', draws: false },
  { bundle: '@aws-sdk/client-dynamodb alone', entry: 'bench/dynamoDbAlone.ts', draws: false, baseline: true },
];

/** Bytes in the bundle per npm package (or per folder of this checkout, two levels deep). */
export function inputsBySource(inputs: Record<string, { bytesInOutput: number }>): { input: string; bytes: number }[] {
  const bytes = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const source = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split('/').slice(0, 2).join('/');
    bytes.set(source, (bytes.get(source) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([input, size]) => ({ input, bytes: size })).sort((a, b) => b.bytes - a.bytes);
}

/** Builds one bundle; returns its inputs by source, biggest first, and every module it holds. */
export async function bundle(
  entry: string,
  outfile: string,
): Promise<{ bySource: { input: string; bytes: number }[]; modules: string[] }> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourceMap,
    mainFields: BUNDLE.mainFields,
    banner: { js: BUNDLE.banner },
    external: BUNDLE.externalModules,
    alias: ALIASES,
    logLevel: 'error',
    metafile: true,
  });
  const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.mjs'))?.[1];
  return { bySource: inputsBySource(output?.inputs ?? {}), modules: Object.keys(output?.inputs ?? {}) };
}

/** Run in a fresh process: imports the bundle and prints how long that took and when it was done. */
const IMPORT_SCRIPT = `
const started = performance.now();
await import(process.env.BENCH_BUNDLE_URL);
const ready = performance.now();
process.stdout.write(JSON.stringify({ importMs: ready - started, readyMs: ready }));
`;

/** What the functions read from the environment at import (no AWS call is made by importing). */
const importEnv = (bundleUrl: string, sourceMaps: boolean): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'bench-table',
  POWERTOOLS_SERVICE_NAME: 'chatbot-utility-api',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  BENCH_BUNDLE_URL: bundleUrl,
  ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
});

async function importOnce(file: string, sourceMaps: boolean): Promise<{ importMs: number; readyMs: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', IMPORT_SCRIPT], {
    env: importEnv(pathToFileURL(file).href, sourceMaps),
    timeout: 30_000,
  });
  return JSON.parse(stdout) as { importMs: number; readyMs: number };
}

const short = (samples: number[]) => {
  const summary = summarize(samples);
  return { median: significant(summary.median, 3), p99: significant(summary.p99, 3), runs: samples.length };
};

export async function benchColdStart(
  options: ColdStartOptions,
  log: (line: string) => void = () => undefined,
): Promise<ColdStartFigures[]> {
  rmSync(options.outDir, { recursive: true, force: true });
  const built: (BundleEntry & { name: string; file: string; largest: { input: string; bytes: number }[] })[] = [];
  const chosen = bundleEntries().filter(
    (entry) => !options.bundles || entry.baseline || options.bundles.includes(entry.bundle),
  );
  for (const entry of chosen) {
    const dir = join(options.outDir, entry.bundle.replace(/[^\w-]+/g, '-'));
    const file = join(dir, 'index.mjs');
    mkdirSync(dir, { recursive: true });
    const { bySource } = await bundle(entry.entry, file);
    built.push({ ...entry, name: entry.bundle, file, largest: bySource.slice(0, 8) });
  }
  // Runs interleaved across bundles, so a burst of load from elsewhere does not land on one bundle only.
  const runs = new Map(
    built.map(({ name }) => [name, { plain: [] as number[], maps: [] as number[], ready: [] as number[] }]),
  );
  for (const { file } of built) await importOnce(file, false); // the first import of each warms the disk cache
  for (let run = 0; run < options.runs; run += 1) {
    for (const { name, file } of built) {
      const slot = runs.get(name) as { plain: number[]; maps: number[]; ready: number[] };
      const plain = await importOnce(file, false);
      slot.plain.push(plain.importMs);
      slot.ready.push(plain.readyMs);
      slot.maps.push((await importOnce(file, true)).importMs);
    }
  }
  const baselineMedian = summarize(runs.get(built.find((b) => b.baseline)?.name ?? '')?.plain ?? [Number.NaN]).median;
  return built.map(({ name, entry, draws, baseline, file, largest }) => {
    const slot = runs.get(name) as { plain: number[]; maps: number[]; ready: number[] };
    const code = readFileSync(file);
    const figures: ColdStartFigures = {
      bundle: name,
      entry,
      bytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      sourceMapBytes: statSync(`${file}.map`).size,
      draws,
      largestInputs: largest,
      importMs: short(slot.plain),
      importWithSourceMapsMs: short(slot.maps),
      processReadyMs: significant(summarize(slot.ready).median, 3),
      ...(baseline ? { baseline } : {}),
    };
    if (!baseline) {
      figures.importRatio = significant(summarize(slot.plain).median / baselineMedian, 3);
      figures.meetsTargets = {
        size: code.length <= sizeTarget(name, draws),
        import: figures.importRatio <= COLD_START_TARGETS.importRatio,
      };
    }
    const { bytes, importMs, importWithSourceMapsMs } = figures;
    log(
      `cold start ${name}: ${bytes} B, import median ${importMs.median} ms ` +
        `(${importWithSourceMapsMs.median} ms with source maps)`,
    );
    return figures;
  });
}
