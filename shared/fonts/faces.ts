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
    face = { key, font: fontkit.create(file.endsWith('.woff') ? woffToSfnt(bytes) : bytes) as fontkit.Font };
    loaded.set(key, face);
  }
  return face;
}

export const interFace = (weight: FontWeight): Face => load(`inter/${weight}`, interFile(weight));

export const notoFace = (family: NotoFamily, subset: string, weight: FontWeight): Face => load(`${family}/${subset}/${weight}`, notoFile(family, subset, weight));

/** The keys of the faces this process has loaded: what a request's text made it read. */
export const loadedFaces = (): string[] => [...loaded.keys()];
