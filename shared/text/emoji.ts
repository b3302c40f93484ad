import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twemojiDir, twemojiFiles } from '../fonts/fontFiles';

/** What only an emoji image can draw. */
export const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
/** Drawn as emoji rather than as text: Unicode's emoji presentation, or asked for with U+FE0F or a keycap. */
export const EMOJI_STYLE = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\uFE0F\u20E3]/u;

/**
 * The Twemoji file drawing a grapheme cluster, if there is one. Twemoji names files by code points
 * in hex, leaving out U+FE0F except inside ZWJ sequences; both spellings are tried, as Discord's
 * own lookup does, so "❤️" and "❤" find 2764.svg and "🏳️‍🌈" finds 1f3f3-fe0f-200d-1f308.svg.
 */
export function twemojiFile(cluster: string): string | undefined {
  const codes = [...cluster].map((char) => (char.codePointAt(0) as number).toString(16));
  const files = twemojiFiles();
  return [codes, codes.filter((code) => code !== 'fe0f')]
    .map((list) => `${list.join('-')}.svg`)
    .find((name) => files.has(name));
}

const dataUris = new Map<string, string>();

/**
 * A Twemoji file as a data URI, read once per process: the few files
 * not drawn as shapes (emojiShapes.ts) are an <image> of their own SVG.
 */
export function twemojiDataUri(file: string): string {
  let uri = dataUris.get(file);
  if (!uri) {
    uri = `data:image/svg+xml;base64,${readFileSync(join(twemojiDir(), file)).toString('base64')}`;
    dataUris.set(file, uri);
  }
  return uri;
}
