import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleText, PAGE_SCRIPTS, pageScripts, ROOT } from '../../infra/pages/pageScripts';

const built = await pageScripts();

/** The constant a generated module's text exports, evaluated as the module would evaluate it. */
const exported = (text: string, name: string) =>
  new Function(`${text.replace(/^export /m, '')}\nreturn ${name};`)() as string;

describe('the pages’ generated scripts', () => {
  // A browser module edited without `npm run pages` would leave the functions serving the old script.
  test.each(built)('$file is current: what `npm run pages` bundles now', ({ file, text }) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toBe(text);
  });

  test.each(built)('$file exports its bundle exactly', async ({ file, name, script }) => {
    const module = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
    expect(module[name]).toBe(script);
  });

  test('each is one self-contained script, no module syntax, that cannot close its <script> element', () => {
    expect(built).toHaveLength(PAGE_SCRIPTS.length);
    for (const { script } of built) {
      expect(script).toMatch(/^"use strict";\(\(\)=>\{/);
      expect(script).not.toMatch(/<\/script|^import |^export /im);
    }
  });
});

describe('a generated module’s text', () => {
  // Escapes, quotes, a surrogate pair, a line separator and a template placeholder (\u0024 is $),
  // repeated so that pieces end next to each of them.
  const awkward = 'a"b\\c\nd\te🌸f\u2028g\u0001h\'i`j\u0024{k}'.repeat(40);

  test('gives back the script exactly, whatever characters it holds', () => {
    expect(exported(moduleText('x.ts', 'X', awkward), 'X')).toBe(awkward);
    expect(exported(moduleText('x.ts', 'X', ''), 'X')).toBe('');
  });

  test('keeps every line within 120 characters', () => {
    const lines = moduleText('functions/dashboard/browser/page.ts', 'X', awkward).split('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => [...line].length > 120)).toEqual([]);
  });
});
