import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM API module, found through its package's export map (`require` would resolve its CommonJS build). */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api'].import.default)).href;
}

/**
 * A worker thread running the TypeScript module at `module`. tsx's loader is registered in the
 * thread first: its `--import` entry registers only on the main thread, and a test runner's
 * process has none at all.
 */
export function startTsWorker(module: URL, options: WorkerOptions = {}): Worker {
  const boot = `import(${JSON.stringify(tsxApi())})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
