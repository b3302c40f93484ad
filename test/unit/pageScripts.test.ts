import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SCRIPTS, pageScripts, ROOT } from '../../infra/pages/pageScripts';

const built = await pageScripts();

describe('the pages’ generated scripts', () => {
  // A browser module edited without `npm run pages` would leave the functions serving the old script.
  test.each(built)('$file is current: what `npm run pages` bundles now', ({ file, text }) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toBe(text);
  });

  test('each is one self-contained script, no module syntax, that cannot close its <script> element', () => {
    expect(built).toHaveLength(PAGE_SCRIPTS.length);
    for (const { text } of built) {
      const script = JSON.parse(text.slice(text.indexOf('= ') + 2, text.lastIndexOf(';')));
      expect(script).toMatch(/^"use strict";\(\(\)=>\{/);
      expect(script).not.toMatch(/<\/script|^import |^export /im);
    }
  });
});
