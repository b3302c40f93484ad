import { describe, expect, test } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { bundle } from '../../bench/coldStart';
import { ALIASES } from '../../infra/cdk/bundling';
import { textWidth } from '../../shared/svg/measure';

type Inflate = (source: Uint8Array, dest: Uint8Array) => Uint8Array;
const require = createRequire(import.meta.url);
const native = require(ALIASES['tiny-inflate'] as string) as Inflate;
const tiny = require('tiny-inflate') as Inflate;

/** Deterministic bytes that compress somewhat, like the tables fontkit unpacks. */
const sample = (length: number) => Uint8Array.from({ length }, (_, i) => ((i * 7919) % 251) ^ (i >> 6));
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("the bundles' tiny-inflate (Node's zlib)", () => {
  test.each([0, 1, 1000, 65_536, 300_001])(
    'gives what tiny-inflate gives for %i bytes, in a buffer of its own',
    (length) => {
      const compressed = deflateRawSync(sample(length));
      const [a, b] = [native(compressed, new Uint8Array(length)), tiny(compressed, new Uint8Array(length))];
      expect(same(a, b)).toBe(true);
      // unicode-trie reads the result through `.buffer`.
      expect([a.byteOffset, a.buffer.byteLength]).toEqual([0, length]);
    },
  );

  test('a destination larger than the data: only the filled part, in a buffer of its own', () => {
    const compressed = deflateRawSync(sample(4000));
    const [a, b] = [native(compressed, new Uint8Array(8000)), tiny(compressed, new Uint8Array(8000))];
    expect(same(a, b)).toBe(true);
    expect([a.length, a.buffer.byteLength]).toEqual([4000, 4000]);
  });

  test("fontkit's WOFF call: a zlib stream without its 2-byte header, the Adler-32 trailer still on", () => {
    const data = sample(5000);
    const withTrailer = deflateSync(data).subarray(2);
    const [a, b] = [native(withTrailer, new Uint8Array(5000)), tiny(withTrailer, new Uint8Array(5000))];
    expect(same(a, b)).toBe(true);
    expect(same(a, data)).toBe(true);
  });

  test("text measured through a bundle (fontkit's tables unpacked natively) measures as in the sources", async () => {
    // Inside the checkout, so the bundle finds the font packages as a function finds FONT_DIR.
    const dir = fileURLToPath(new URL('../../node_modules/.cache/native-inflate/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const texts = ['Ada Lovelace', 'محمد', 'राहुल', '山田太郎 😀'];
    writeFileSync(
      join(dir, 'entry.ts'),
      'import { textWidth } from ' +
        `'${fileURLToPath(new URL('../../shared/svg/measure.ts', import.meta.url))}';\nexport const widths = ` +
        `${JSON.stringify(texts)}.map((text) => textWidth(text, 20));\n`,
    );
    const { modules } = await bundle(join(dir, 'entry.ts'), join(dir, 'out.mjs'));
    expect(modules.some((module) => module.endsWith('nativeInflate.cjs'))).toBe(true);
    expect(modules.some((module) => module.includes('node_modules/tiny-inflate/'))).toBe(false);
    const bundled = (await import(pathToFileURL(join(dir, 'out.mjs')).href)) as { widths: number[] };
    expect(bundled.widths).toEqual(texts.map((text) => textWidth(text, 20)));
  });
});
