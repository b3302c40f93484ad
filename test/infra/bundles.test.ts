import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { bundleEntries } from '../../bench/coldStart';
import { sizeTarget } from '../../bench/coldStartTargets';
import { manifestOf } from '../../functions/groups';
import type { FunctionGroup } from '../../shared/routes/table';
import { builtBundle } from './bundled';

/**
 * Every function's bundle, built as CDK builds it (the cold-start bench's build): what each one
 * carries is what its group uses, within the cold-start size targets. Times are the bench's business.
 */
const built = await Promise.all(
  bundleEntries()
    .filter((entry) => !entry.baseline)
    .map(async (entry) => {
      const { file, bySource, modules } = await builtBundle(entry);
      return { ...entry, inputs: bySource.map((input) => input.input), modules, code: readFileSync(file, 'utf8') };
    }),
);
const manifest = (name: string) => (name === 'authorizer' ? undefined : manifestOf(name as FunctionGroup));
const cases = built.map((b) => [b.bundle, b] as const);

describe('function bundles', () => {
  test.each(cases)('%s is within its size target', (_name, b) => {
    expect(Buffer.byteLength(b.code)).toBeLessThanOrEqual(sizeTarget(b.bundle, b.draws));
  });

  test.each(cases)('%s carries the KMS client only if it seals secrets', (name, b) => {
    expect(b.code.includes('@aws-sdk/client-kms')).toBe(manifest(name)?.sealsSecrets ?? false);
  });

  test.each(cases)(
    '%s loads the AWS SDK clients a request may not need (KMS, SQS) only when first used, never at import',
    (_name, b) => {
      const staticImports = [...b.code.matchAll(/\bfrom\s*"(@aws-sdk\/[\w-]+)"/g)].map((match) => match[1]);
      expect(staticImports.filter((name) => name === '@aws-sdk/client-kms' || name === '@aws-sdk/client-sqs')).toEqual(
        [],
      );
    },
  );

  test.each(cases)(
    '%s carries the font parser only if it draws, the image fetcher and the rasteriser only if it answers images',
    (name, b) => {
      const ships = manifest(name)?.ships ?? { fonts: false, rasteriser: false };
      // Filters draw no text, so they need no font parser either.
      if (!ships.fonts) expect(b.inputs).not.toContain('fontkit');
      expect(b.modules.includes('shared/images/imageFetcher.ts')).toBe(ships.rasteriser);
      expect(b.modules.includes('shared/raster/png.ts')).toBe(ships.rasteriser);
      expect(b.code.includes('@resvg/resvg-js')).toBe(ships.rasteriser);
      // fontkit reads WOFF2 with brotli; no function ships a WOFF2 font, so the decoder is left out.
      expect(b.inputs).not.toContain('brotli');
    },
  );

  test.each(cases)(
    '%s carries no OpenAPI document inside (the docs function reads the one shipped beside it)',
    (_name, b) => {
      expect(b.modules.filter((module) => module.endsWith('openapi.json'))).toEqual([]);
    },
  );
});
