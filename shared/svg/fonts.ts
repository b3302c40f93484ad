import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { fontFile, type FontFace, type FontWeight } from '../fonts/fontFiles';

export type { FontFace, FontWeight } from '../fonts/fontFiles';

export const CSS_WEIGHT: Record<FontWeight, number> = { regular: 400, bold: 700 };

/**
 * The fonts every card is laid out with (Inter, and Noto Emoji for emoji; SIL Open Font License,
 * shipped by npm packages). Text is measured with these files, and rasterisers are given the same
 * files, so what we measure is what is drawn. Viewers without Inter fall back along FONT_FAMILY;
 * `textLength` keeps their glyphs inside the measured box.
 */
export const FONT_FAMILY = "Inter, 'Noto Sans', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Emoji runs name their font first: it is the one the rasteriser is given, and the one they were
 * measured with. Viewers without it take their own colour emoji font.
 */
export const EMOJI_FONT_FAMILY = "'Noto Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', sans-serif";

const loaded = new Map<FontFace, fontkit.Font>();

/** Parsed lazily and once per process: fontkit reads tables on demand (WOFF too), so this is cheap. */
export function loadFont(face: FontFace): fontkit.Font {
  let font = loaded.get(face);
  if (!font) {
    font = fontkit.create(readFileSync(fontFile(face))) as fontkit.Font;
    loaded.set(face, font);
  }
  return font;
}
