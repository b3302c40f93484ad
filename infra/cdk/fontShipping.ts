import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  drawnSubsets,
  notoFileName,
  packageSources,
  WEIGHT_NUMBER,
  type FontWeight,
} from '../../shared/fonts/fontFiles';
import { shellQuote } from './shellQuote';

/**
 * What a drawing function ships beside its bundle, laid out as shared/fonts/fontFiles.ts reads it
 * under FONT_DIR: Inter's two weights, each Noto family's unicode.json and its subset files in the
 * two weights drawn (of the nine Fontsource publishes), and Twemoji's SVG files. `name` is the
 * path under FONT_DIR.
 */
export interface ShippedFile {
  source: string;
  name: string;
}

const WEIGHTS = Object.keys(WEIGHT_NUMBER) as FontWeight[];

export function shippedFonts(): ShippedFile[] {
  const { inter, noto, twemoji } = packageSources();
  return [
    ...inter.map((source) => ({ source, name: `inter/${basename(source)}` })),
    ...noto.flatMap(({ family, dir }) => {
      const subsets = drawnSubsets(
        family,
        Object.keys(JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>),
      );
      return [
        { source: join(dir, 'unicode.json'), name: `${family}/unicode.json` },
        ...[...new Set(subsets.flatMap((subset) => WEIGHTS.map((weight) => notoFileName(family, subset, weight))))].map(
          (file) => ({
            source: join(dir, 'files', file),
            name: `${family}/files/${file}`,
          }),
        ),
      ];
    }),
    ...readdirSync(twemoji)
      .filter((file) => file.endsWith('.svg'))
      .map((file) => ({ source: join(twemoji, file), name: `twemoji/${file}` })),
  ];
}

/**
 * The shell commands that copy the shipped files into `fontDir`, one `cp` per folder. CDK runs the
 * hooks as one shell command line, and one argument may not exceed 128 KiB: files are named from
 * their own folder, and the 3,700 Twemoji files by a wildcard (the same files shippedFonts lists).
 * Every path is quoted: a checkout folder may hold a space.
 */
export function fontCopyCommands(fontDir: string, files: ShippedFile[] = shippedFonts()): string[] {
  const groups = new Map<string, { folder: string; from: string; names: string[] }>();
  for (const { source, name } of files) {
    const [folder, from] = [dirname(name), dirname(source)];
    const group = groups.get(`${folder}:${from}`) ?? { folder, from, names: [] };
    group.names.push(basename(source));
    groups.set(`${folder}:${from}`, group);
  }
  return [...groups.values()].map(({ folder, from, names }) => {
    const to = join(fontDir, folder);
    const sources = folder === 'twemoji' ? '*.svg' : names.map(shellQuote).join(' ');
    return `mkdir -p ${shellQuote(to)} && (cd ${shellQuote(from)} && cp ${sources} ${shellQuote(`${to}/`)})`;
  });
}

/**
 * Lambda takes 250 MB unzipped per function (code and layers). The fonts and emoji must leave room
 * for the bundle, resvg and growth: synth refuses to ship more than this.
 */
export const SHIPPED_FONTS_BUDGET_BYTES = 64 * 1024 * 1024;

export function shippedBytes(files: ShippedFile[] = shippedFonts()): number {
  const bytes = files.reduce((sum, { source }) => sum + statSync(source).size, 0);
  if (bytes > SHIPPED_FONTS_BUDGET_BYTES)
    throw new Error(`the fonts and emoji would ship ${bytes} bytes, over the budget of ${SHIPPED_FONTS_BUDGET_BYTES}`);
  return bytes;
}
