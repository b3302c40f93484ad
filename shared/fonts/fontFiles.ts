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

/**
 * Where a face's font file is: in `FONT_DIR` when set (a bundled function ships the files next
 * to its code, with no node_modules), else in the installed package.
 */
export function fontFile(face: FontFace): string {
  const spec = PACKAGE_FILES[face];
  const dir = process.env.FONT_DIR;
  return dir ? join(dir, spec.slice(spec.lastIndexOf('/') + 1)) : createRequire(import.meta.url).resolve(spec);
}

/** Every font file a drawing function ships. */
export const fontFiles = (): string[] => (Object.keys(PACKAGE_FILES) as FontFace[]).map(fontFile);
