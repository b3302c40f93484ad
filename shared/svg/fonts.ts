import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The font every card is laid out with (Inter, SIL Open Font License, shipped by an npm package).
 * Text is measured with these files, and rasterisers are given the same files, so what we measure
 * is what is drawn. Viewers without Inter fall back along FONT_FAMILY; `textLength` keeps their
 * glyphs inside the measured box.
 */
export const FONT_FAMILY = "Inter, 'Noto Sans', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export type FontWeight = 'regular' | 'bold';
export const CSS_WEIGHT: Record<FontWeight, number> = { regular: 400, bold: 700 };

const PACKAGE_FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
};

/**
 * Where a weight's font file is: in `FONT_DIR` when set (a bundled function ships the files next
 * to its code, with no node_modules), else in the installed package.
 */
export function fontFile(weight: FontWeight): string {
  const spec = PACKAGE_FILES[weight];
  const dir = process.env.FONT_DIR;
  return dir ? join(dir, spec.slice(spec.lastIndexOf('/') + 1)) : createRequire(import.meta.url).resolve(spec);
}

export const fontFiles = (): string[] => (Object.keys(PACKAGE_FILES) as FontWeight[]).map(fontFile);

const loaded = new Map<FontWeight, fontkit.Font>();

/** Parsed lazily and once per process: fontkit reads tables on demand, so this is cheap. */
export function loadFont(weight: FontWeight): fontkit.Font {
  let font = loaded.get(weight);
  if (!font) {
    font = fontkit.create(readFileSync(fontFile(weight))) as fontkit.Font;
    loaded.set(weight, font);
  }
  return font;
}
