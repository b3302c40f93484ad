import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Where the Inter files are, without parsing them: the rasteriser and the CDK bundling need only
 * the paths, so functions that never lay out text do not carry the font parser.
 */
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
