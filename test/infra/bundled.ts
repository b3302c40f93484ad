import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, type BundleEntry } from '../../bench/coldStart';
import { builtOnce } from '../support/runCache';

/**
 * A function's bundle as CDK builds it (bench/coldStart.ts), with what went into it: built once per jest
 * run for the suites that read the bundles (their contents, and their loading on the runtime's AWS SDK).
 */
export async function builtBundle(
  entry: BundleEntry,
): Promise<{ folder: string; file: string; bySource: { input: string; bytes: number }[]; modules: string[] }> {
  const folder = await builtOnce(`bundle-${entry.bundle.replace(/\W+/g, '-')}`, async (dir) => {
    const inputs = await bundle(entry.entry, join(dir, 'index.mjs'));
    writeFileSync(join(dir, 'inputs.json'), JSON.stringify(inputs));
  });
  return { folder, file: join(folder, 'index.mjs'), ...JSON.parse(readFileSync(join(folder, 'inputs.json'), 'utf8')) };
}
