import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { fontFile, type FontWeight } from './fontFiles';

export { CSS_WEIGHT, type FontWeight } from './fontFiles';

/**
 * The font every card is laid out with (Inter, SIL Open Font License, shipped by an npm package).
 * Text is measured with these files, and rasterisers are given the same files, so what we measure
 * is what is drawn. Viewers without Inter fall back along FONT_FAMILY; `textLength` keeps their
 * glyphs inside the measured box.
 */
export const FONT_FAMILY = "Inter, 'Noto Sans', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

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
