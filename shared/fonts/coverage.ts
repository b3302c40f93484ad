import { readFileSync } from 'node:fs';
import { drawnSubsets, notoRangesFile, type NotoFamily } from './fontFiles';

/**
 * Which subset file of a Noto family holds a character, from the family's unicode.json, without
 * opening any font file: the ranges of every subset drawn from (drawnSubsets), in the order
 * Fontsource lists them.
 */
interface Range {
  start: number;
  end: number;
  subset: string;
}

const families = new Map<NotoFamily, Range[]>();

/** "U+0600-06FF,U+200C" to ranges. */
export function parseRanges(list: string, subset: string): Range[] {
  return list.split(',').map((item) => {
    const [start, end = start] = item.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return { start: parseInt(start, 16), end: parseInt(end, 16), subset };
  });
}

function ranges(family: NotoFamily): Range[] {
  let list = families.get(family);
  if (!list) {
    const subsets = JSON.parse(readFileSync(notoRangesFile(family), 'utf8')) as Record<string, string>;
    list = drawnSubsets(family, Object.keys(subsets)).flatMap((subset) =>
      parseRanges(subsets[subset] as string, subset),
    );
    families.set(family, list);
  }
  return list;
}

/** The first subset of `family` whose ranges include `codePoint`. */
export function subsetOf(family: NotoFamily, codePoint: number): string | undefined {
  return ranges(family).find(({ start, end }) => codePoint >= start && codePoint <= end)?.subset;
}
