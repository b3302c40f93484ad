import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where the font and emoji files are on disk, without reading them: the installed packages, or
 * `FONT_DIR` in a bundle (as infra/cdk/fontShipping.ts ships it). Inter draws Latin, Greek and
 * Cyrillic, Fontsource's Noto Sans subsets the other scripts, and Twemoji the emoji as Discord
 * shows them (docs/design.md, Text).
 */
export type FontWeight = 'regular' | 'bold';
export const WEIGHT_NUMBER: Record<FontWeight, number> = { regular: 400, bold: 700 };

const INTER_FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
};

/**
 * The Noto Sans families, in the order a character the text font lacks is looked for. Noto Sans
 * first (the Latin, Greek and Cyrillic Inter lacks, Vietnamese), then each script's own family,
 * symbols, and last the three CJK families (their order per line: shared/text/fontChoice.ts).
 */
export const NOTO_FAMILIES = [
  'noto-sans',
  'noto-sans-arabic',
  'noto-sans-hebrew',
  'noto-sans-devanagari',
  'noto-sans-bengali',
  'noto-sans-gurmukhi',
  'noto-sans-gujarati',
  'noto-sans-oriya',
  'noto-sans-tamil',
  'noto-sans-telugu',
  'noto-sans-kannada',
  'noto-sans-malayalam',
  'noto-sans-sinhala',
  'noto-sans-thai',
  'noto-sans-lao',
  'noto-sans-khmer',
  'noto-sans-myanmar',
  'noto-sans-armenian',
  'noto-sans-georgian',
  'noto-sans-ethiopic',
  'noto-sans-thaana',
  'noto-sans-syriac',
  'noto-serif-tibetan',
  'noto-sans-javanese',
  'noto-sans-tai-viet',
  'noto-sans-new-tai-lue',
  'noto-sans-ol-chiki',
  'noto-sans-cherokee',
  'noto-sans-canadian-aboriginal',
  'noto-sans-tifinagh',
  'noto-sans-nko',
  'noto-sans-adlam',
  'noto-sans-mongolian',
  'noto-sans-symbols',
  'noto-sans-symbols-2',
  'noto-sans-jp',
  'noto-sans-kr',
  'noto-sans-sc',
] as const;
export type NotoFamily = (typeof NOTO_FAMILIES)[number];

/** The Chinese, Japanese and Korean families, which share the Han characters (fontChoice.ts orders them). */
export const CJK_FAMILIES: readonly NotoFamily[] = ['noto-sans-jp', 'noto-sans-kr', 'noto-sans-sc'];

/**
 * The subsets of a family that are read and shipped: every named subset, and numbered slices only
 * for the CJK families, because Noto Sans Mongolian's slices split its words across files
 * (docs/design.md, Text).
 */
export const drawnSubsets = (family: NotoFamily, subsets: string[]): string[] =>
  CJK_FAMILIES.includes(family) ? subsets : subsets.filter((subset) => !/^\[\d+\]$/.test(subset));

const require = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();

/** An installed package's folder, found through a file its exports name. */
function packageDir(name: string, file: string): string {
  let dir = packageDirs.get(name);
  if (!dir) {
    dir = dirname(require.resolve(`${name}/${file}`));
    packageDirs.set(name, dir);
  }
  return dir;
}

const bundled = (): string | undefined => process.env.FONT_DIR || undefined;

/** Inter's file of a weight. */
export function interFile(weight: FontWeight): string {
  const dir = bundled();
  const file = INTER_FILES[weight];
  return dir ? join(dir, 'inter', file.slice(file.lastIndexOf('/') + 1)) : require.resolve(file);
}

/** The package folder of a Noto family (holding unicode.json and files/). */
export const notoDir = (family: NotoFamily): string => {
  const dir = bundled();
  return dir ? join(dir, family) : packageDir(`@fontsource/${family}`, 'unicode.json');
};

/** A family's subset ranges, as Fontsource lists them: `{ "latin": "U+0000-00FF,U+0131,…", "[12]": … }`. */
export const notoRangesFile = (family: NotoFamily): string => join(notoDir(family), 'unicode.json');

/** Families published in one weight only: their bold is their regular. */
const REGULAR_ONLY: ReadonlySet<NotoFamily> = new Set([
  'noto-sans-symbols-2',
  'noto-sans-tai-viet',
  'noto-sans-tifinagh',
  'noto-sans-nko',
  'noto-sans-mongolian',
]);

/** The WOFF file of one subset of a family in one weight: `[12]` is written `12` in file names. */
export const notoFileName = (family: NotoFamily, subset: string, weight: FontWeight): string =>
  `${family}-${subset.replace(/^\[(\d+)\]$/, '$1')}-` +
  `${WEIGHT_NUMBER[REGULAR_ONLY.has(family) ? 'regular' : weight]}-normal.woff`;

export const notoFile = (family: NotoFamily, subset: string, weight: FontWeight): string =>
  join(notoDir(family), 'files', notoFileName(family, subset, weight));

/** The folder of Twemoji's SVG files (`1f600.svg`, `1f469-200d-1f4bb.svg`, …). */
export const twemojiDir = (): string => {
  const dir = bundled();
  return dir ? join(dir, 'twemoji') : packageDir('@twemoji/svg', 'package.json');
};

let twemojiNames: Set<string> | undefined;

/** The Twemoji file names there are, listed once per process (3,700 names). */
export const twemojiFiles = (): Set<string> =>
  (twemojiNames ??= new Set(readdirSync(twemojiDir()).filter((name) => name.endsWith('.svg'))));

/** Where the installed packages are, for shipping them (infra/cdk/fontShipping.ts). */
export const packageSources = () => ({
  inter: (Object.keys(INTER_FILES) as FontWeight[]).map((weight) => require.resolve(INTER_FILES[weight])),
  noto: NOTO_FAMILIES.map((family) => ({ family, dir: packageDir(`@fontsource/${family}`, 'unicode.json') })),
  twemoji: packageDir('@twemoji/svg', 'package.json'),
});
