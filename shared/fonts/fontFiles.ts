import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Where the font files are on disk, without parsing them: the one place that knows (the installed
 * packages, or `FONT_DIR` in a bundle). The SVG toolkit measures text with these files, the
 * rasteriser draws with them, and the CDK bundling ships them; functions that never lay out text
 * do not carry the font parser.
 */
export type FontWeight = 'regular' | 'bold';
/** Inter in two weights for text; Noto Emoji for the emoji Inter lacks. */
export type FontFace = FontWeight | 'emoji';

const PACKAGE_FILES: Record<FontFace, string> = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  // Monochrome outlines, one weight (SIL OFL): 0.6 MB, where Noto Color Emoji is 25 MB.
  emoji: '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff',
};

const FACES = Object.keys(PACKAGE_FILES) as FontFace[];

/** A face's file in the installed package. */
export const packageFontFile = (face: FontFace): string => createRequire(import.meta.url).resolve(PACKAGE_FILES[face]);

/**
 * The name a face's file ships under beside a function's bundle: TrueType, as the rasteriser
 * reads it, so a WOFF is unwrapped when the function is built (infra/cdk/fontShipping.ts), not at run time.
 */
export const shippedFontName = (face: FontFace): string => PACKAGE_FILES[face].slice(PACKAGE_FILES[face].lastIndexOf('/') + 1).replace(/\.woff$/, '.ttf');

/**
 * Where a face's font file is: in `FONT_DIR` when set (a bundled function ships the files next
 * to its code, with no node_modules), else in the installed package.
 */
export function fontFile(face: FontFace): string {
  const dir = process.env.FONT_DIR;
  return dir ? join(dir, shippedFontName(face)) : packageFontFile(face);
}

/** Every font file the drawing code reads. */
export const fontFiles = (): string[] => FACES.map(fontFile);

export const fontFaces = (): FontFace[] => [...FACES];
