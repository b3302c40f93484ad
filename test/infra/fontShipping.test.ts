import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fontCopyCommands, SHIPPED_FONTS_BUDGET_BYTES, shippedBytes, shippedFonts } from '../../infra/cdk/fontShipping';
import { drawnSubsets, NOTO_FAMILIES, notoFileName } from '../../shared/fonts/fontFiles';
import { runFolder } from '../support/runCache';

describe('the fonts and emoji a drawing function ships', () => {
  const shipped = shippedFonts();

  test('Inter, the Noto subsets drawn in both weights, and Twemoji, within the size budget', () => {
    const names = new Set(shipped.map((file) => file.name));
    expect(names.size).toBe(shipped.length);
    expect(names).toContain('inter/Inter_400Regular.ttf');
    expect(names).toContain('inter/Inter_700Bold.ttf');
    for (const family of NOTO_FAMILIES) {
      expect(names).toContain(`${family}/unicode.json`);
      const listed = Object.keys(
        JSON.parse(
          readFileSync(shipped.find((file) => file.name === `${family}/unicode.json`)?.source as string, 'utf8'),
        ),
      );
      const drawn = drawnSubsets(family, listed);
      for (const subset of drawn)
        for (const weight of ['regular', 'bold'] as const)
          expect(names).toContain(`${family}/files/${notoFileName(family, subset, weight)}`);
      // Only the CJK families' numbered slices: Noto Sans Mongolian's are not shipped.
      for (const subset of listed.filter((name) => !drawn.includes(name)))
        expect([...names].some((name) => name.includes(`${family}-${subset.slice(1, -1)}-`))).toBe(false);
    }
    expect(shipped.filter((file) => file.name.startsWith('twemoji/')).length).toBeGreaterThan(3500);
    // Not the other seven weights, nor WOFF2 (fontkit would need its Brotli decoder, left out of the bundles).
    expect(shipped.some((file) => /-(100|300|500|900)-normal|\.woff2$/.test(file.name))).toBe(false);
    const bytes = shippedBytes(shipped);
    expect(bytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(bytes).toBeLessThanOrEqual(SHIPPED_FONTS_BUDGET_BYTES);
  });

  test('synth refuses a package over the budget', () => {
    const twice = [...shipped, ...shipped, ...shipped];
    expect(() => shippedBytes(twice)).toThrow(/over the budget/);
  });

  test("the copy commands put every file under FONT_DIR, each line far under the shell's limit", () => {
    const dir = mkdtempSync(join(runFolder(), 'fonts-'));
    const commands = fontCopyCommands(dir, shipped);
    expect(commands.join(' && ').length).toBeLessThan(128 * 1024);
    execFileSync('bash', ['-c', commands.join(' && ')]);
    const copied = (sub: string): string[] =>
      readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? copied(join(sub, entry.name)) : [join(sub, entry.name)],
      );
    expect(copied('').sort()).toEqual(shipped.map((file) => file.name).sort());
  });
});
