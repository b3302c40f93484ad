import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fontFiles } from '../fonts/fontFiles';
import { woffToSfnt } from './woff';

/**
 * Where the rasteriser reports what it had to leave out: the caller's logger (the function's own,
 * with its request context), so this module stays free of the HTTP layer.
 */
export interface RasterLogger {
  error(message: string, details: { error: Error; parent: string }): void;
}

let files: string[] | undefined;

/** The font files the rasteriser loads, settled on the first PNG of the process. */
export const rasterFontFiles = (logger: RasterLogger): string[] => (files ??= unwrapFonts(fontFiles(), tmpdir(), logger));

/**
 * TrueType files as shipped; WOFF files unwrapped (resvg reads only TrueType) into a directory of
 * this process's own under `parent` (Lambda's /tmp), removed when the process exits. Private, so
 * nobody else sharing the temporary directory can plant a font. When nothing can be written
 * there, the WOFF fonts are left out (emoji draw as missing glyphs) rather than every PNG failing.
 */
export function unwrapFonts(shipped: string[], parent: string, logger: RasterLogger): string[] {
  if (!shipped.some(isWoff)) return shipped;
  try {
    const dir = mkdtempSync(join(parent, 'chatbot-api-fonts-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return shipped.map((file) => {
      if (!isWoff(file)) return file;
      const unwrapped = join(dir, `${basename(file, '.woff')}.ttf`);
      writeFileSync(unwrapped, woffToSfnt(readFileSync(file)));
      return unwrapped;
    });
  } catch (error) {
    logger.error('WOFF fonts left out of PNGs: they could not be unwrapped', { error: error as Error, parent });
    return shipped.filter((file) => !isWoff(file));
  }
}

const isWoff = (file: string) => file.endsWith('.woff');
