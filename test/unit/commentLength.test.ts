import { describe, expect, test } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import {
  commentBlocks,
  commentFindings,
  MAX_BLOCK_CHARACTERS,
  MAX_LINE_CHARACTERS,
} from '../../infra/cli/commentBlocks';

/** Comments say why in a sentence or two; history, timings and alternatives belong in docs/design.md. */
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('comment blocks', () => {
  test('a block is one block comment or a run of line comments; comment-like text in strings is none', () => {
    const code = [
      '#!/usr/bin/env node',
      '/**',
      ' * Why one.',
      ' */',
      "const url = 'https://example.com/* not a comment */'; // trailing",
      '// run, first line',
      '// run, second line',
      '',
      '// apart',
      'const pattern = /\\/\\/ no comment/;',
      `const text = \`// none $\{1 /* inside */}\`;`,
    ].join('\n');
    expect(commentBlocks('sample.ts', code).map(({ line, length }) => ({ line, length }))).toEqual([
      { line: 2, length: 'Why one.'.length },
      { line: 5, length: 'trailing'.length },
      { line: 6, length: 'run, first line run, second line'.length },
      { line: 9, length: 'apart'.length },
      { line: 11, length: 'inside'.length },
    ]);
  });

  const where = 'infra/ functions/ shared/ bench/ test/';
  test(`none over ${MAX_BLOCK_CHARACTERS} characters, no comment line over ${MAX_LINE_CHARACTERS}, in ${where}`, () => {
    const { long, wide } = commentFindings(root);
    expect(long.map((block) => `${block.file}:${block.line} ${block.length} characters`)).toEqual([]);
    expect(wide.map((line) => `${line.file}:${line.line} ${line.length} characters`)).toEqual([]);
  }, 60_000);
});
