import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pageScripts, ROOT } from '../pages/pageScripts';

/** `npm run pages` (and start, test, synth): bundles the pages' scripts into their generated modules. */
for (const { file, text } of await pageScripts()) {
  const path = join(ROOT, file);
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {}
  if (current === text) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${file}`);
}
