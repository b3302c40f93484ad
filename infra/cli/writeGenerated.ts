import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes each generated file (path from `root`) whose text changed, and says so; unchanged files keep their time. */
export function writeGenerated(root: string, files: { file: string; text: string }[]): void {
  for (const { file, text } of files) {
    const path = join(root, file);
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current === text) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    console.log(`wrote ${file}`);
  }
}
