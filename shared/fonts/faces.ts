import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { interFile, notoFile, type FontWeight, type NotoFamily } from './fontFiles';
import { woffToSfnt } from './woff';

/** A font file ready to shape with, under a key naming its family, subset and weight. */
export interface Face {
  key: string;
  font: fontkit.Font;
}

const loaded = new Map<string, Face>();

/** Parsed lazily, once per process; WOFF unwrapped with Node's zlib (fontkit's own inflater is plain JavaScript). */
function load(key: string, file: string): Face {
  let face = loaded.get(key);
  if (!face) {
    const bytes = readFileSync(file);
    face = {
      key,
      font: withUnreadableLookupsSkipped(
        fontkit.create(file.endsWith('.woff') ? woffToSfnt(bytes) : bytes) as fontkit.Font,
      ),
    };
    loaded.set(key, face);
  }
  return face;
}

/** What fontkit applies in place of a lookup it cannot read: nothing. */
const NO_LOOKUP = { lookupType: 0, flags: 0, subTables: [] };

/**
 * A lookup fontkit cannot read is skipped rather than failing every line drawn in the font:
 * Noto Sans Mongolian's GSUB holds one (its 71st of 164) that fontkit's decoder throws on ("Not a
 * fixed size"), which left the whole script unshaped. fontkit reads its lookups one by one
 * through the table's lookup list, where the wrapper sits.
 */
function withUnreadableLookupsSkipped(font: fontkit.Font): fontkit.Font {
  for (const tag of ['GSUB', 'GPOS'] as const) {
    const list = (font as unknown as Record<typeof tag, { lookupList?: { get(index: number): unknown } } | undefined>)[
      tag
    ]?.lookupList;
    if (!list) continue;
    const read = list.get.bind(list);
    list.get = (index: number) => {
      try {
        return read(index);
      } catch {
        return NO_LOOKUP;
      }
    };
  }
  return font;
}

export const interFace = (weight: FontWeight): Face => load(`inter/${weight}`, interFile(weight));

export const notoFace = (family: NotoFamily, subset: string, weight: FontWeight): Face =>
  load(`${family}/${subset}/${weight}`, notoFile(family, subset, weight));

/** The keys of the faces this process has loaded: what a request's text made it read. */
export const loadedFaces = (): string[] => [...loaded.keys()];
