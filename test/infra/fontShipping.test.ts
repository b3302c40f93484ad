import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { shippedFonts } from '../../infra/cdk/fontShipping';
import { packageFontFile } from '../../shared/fonts/fontFiles';

/** TrueType's sfnt version (0x00010000); a WOFF starts with 'wOFF'. */
const TRUETYPE = 0x00010000;

describe('the fonts a drawing function ships', () => {
  const shipped = shippedFonts(mkdtempSync(join(tmpdir(), 'fonts-')));

  test('are all TrueType, under the names the function reads them by', () => {
    expect(shipped.map((font) => font.name)).toEqual(['Inter_400Regular.ttf', 'Inter_700Bold.ttf', 'noto-emoji-emoji-400-normal.ttf']);
    for (const { source } of shipped) expect(readFileSync(source).readUInt32BE(0)).toBe(TRUETYPE);
  });

  test('the unwrapped emoji font has the same glyphs as the published WOFF', () => {
    const emoji = shipped.find((font) => font.name.startsWith('noto-emoji')) as { source: string };
    const unwrapped = fontkit.create(readFileSync(emoji.source)) as fontkit.Font;
    const published = fontkit.create(readFileSync(packageFontFile('emoji'))) as fontkit.Font;
    expect(unwrapped.numGlyphs).toBe(published.numGlyphs);
    expect(unwrapped.glyphForCodePoint(0x1f600).path.toSVG()).toBe(published.glyphForCodePoint(0x1f600).path.toSVG());
  });
});
