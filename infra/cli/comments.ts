import { fileURLToPath } from 'node:url';
import { commentFindings, MAX_BLOCK_CHARACTERS, MAX_LINE_CHARACTERS } from './commentBlocks';

/**
 * `npx tsx infra/cli/comments.ts`: the comment blocks over MAX_BLOCK_CHARACTERS and the comment
 * lines over MAX_LINE_CHARACTERS, longest first; exits 1 when there is any (test/unit/commentLength.test.ts).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const { long, wide } = commentFindings(root);
for (const block of long.sort((a, b) => b.length - a.length))
  console.log(`${block.file}:${block.line} ${block.length} characters`);
for (const line of wide) console.log(`${line.file}:${line.line} a line of ${line.length} characters`);
console.log(
  `${long.length} comment blocks over ${MAX_BLOCK_CHARACTERS} characters, ` +
    `${wide.length} comment lines over ${MAX_LINE_CHARACTERS}`,
);
process.exitCode = long.length + wide.length > 0 ? 1 : 0;
