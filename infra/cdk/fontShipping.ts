import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fontFaces, packageFontFile, shippedFontName } from '../../shared/fonts/fontFiles';
import { woffToSfnt } from '../../shared/raster/woff';

/**
 * The font files a drawing function ships, as the rasteriser and the text measuring read them:
 * TrueType files copied as they are, WOFF files unwrapped here, once per synth, into `cacheDir`
 * (the functions then never write fonts to /tmp). Returns each file to copy and the name it ships under.
 */
export function shippedFonts(cacheDir: string): { source: string; name: string }[] {
  mkdirSync(cacheDir, { recursive: true });
  return fontFaces().map((face) => {
    const source = packageFontFile(face);
    const name = shippedFontName(face);
    if (source.endsWith('.ttf')) return { source, name };
    const unwrapped = join(cacheDir, name);
    writeFileSync(unwrapped, woffToSfnt(readFileSync(source)));
    return { source: unwrapped, name };
  });
}
