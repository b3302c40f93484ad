import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@jest/globals';
import { codeFiles } from '../../infra/cli/commentBlocks';

/** Biome's lineWidth (biome.json): the formatter cannot break string literals, so this test holds them to it. */
const MAX_LINE = 120;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Comment lines have their own check. */
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

test(`no code line is over ${MAX_LINE} characters (comments aside)`, () => {
  const files = codeFiles(ROOT);
  expect(files.length).toBeGreaterThan(100);
  const over = files.flatMap((file) =>
    readFileSync(`${ROOT}${file}`, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        // Counted in code points, not UTF-16 units: an emoji such as 🌸 is one character, not two.
        const length = [...line].length;
        return length > MAX_LINE && !COMMENT.test(line) ? [`${file}:${index + 1} has ${length} characters`] : [];
      }),
  );
  expect(over).toEqual([]);
});
