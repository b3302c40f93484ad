import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fontFiles } from './fontFiles';
import { woffToSfnt } from './woff';

let files: string[] | undefined;

/**
 * The font files the rasteriser loads: TrueType files as shipped, WOFF files unwrapped once into
 * the temporary directory (Lambda's /tmp too) under a name that carries their content hash, so
 * processes sharing the directory reuse one copy and a new font version never meets an old one.
 */
export function rasterFontFiles(): string[] {
  files ??= fontFiles().map((file) => (file.endsWith('.woff') ? unwrapped(file) : file));
  return files;
}

function unwrapped(woffFile: string): string {
  const woff = readFileSync(woffFile);
  const hash = createHash('sha256').update(woff).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'chatbot-api-fonts');
  const file = join(dir, `${basename(woffFile, '.woff')}-${hash}.ttf`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a concurrent process sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, woffToSfnt(woff));
    renameSync(partial, file);
  }
  return file;
}
