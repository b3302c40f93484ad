import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** A comment block: one block comment, or a run of line comments on consecutive lines. */
export interface CommentBlock {
  file: string;
  /** 1-based line of the block's first line. */
  line: number;
  /** Characters of the comment's words: markers and indentation left out, lines joined by one space. */
  length: number;
  /** Each line of the block as written in the file, indentation included. */
  lines: string[];
}

/** The repository's own code: the top level and these folders, in these file kinds. */
const CODE_FOLDERS = ['infra', 'functions', 'shared', 'bench', 'fixtures', 'test', 'types', 'client'];
const CODE_FILE = /\.(?:ts|tsx|js|mjs|cjs)$/;
/** openapi-typescript's output carries the document's descriptions as they are (Biome skips it too). */
const TOOL_OUTPUT = 'client/src/generated/';
export const MAX_BLOCK_CHARACTERS = 400;
export const MAX_LINE_CHARACTERS = 120;

/** The tracked code files, relative to the repository's root (the comment and line-length checks read them). */
export function codeFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => CODE_FILE.test(file) && (!file.includes('/') || CODE_FOLDERS.includes(file.split('/')[0] ?? '')))
    .filter((file) => !file.startsWith(TOOL_OUTPUT));
}

const isJsDoc = (node: ts.Node) =>
  node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;
const scriptKind = (file: string) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;

/**
 * Every comment of a file, found through the parser's own comment ranges so that comment-like
 * text inside strings, templates and regular expressions is never taken for one.
 */
function commentRanges(source: ts.SourceFile): ts.CommentRange[] {
  const text = source.getFullText();
  const found = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? []),
    ])
      found.set(range.pos, range);
    // A JSDoc's parts lie inside its comment: a `//` in a URL there starts no comment.
    for (const child of node.getChildren(source)) if (!isJsDoc(child)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** A comment's text without its markers, its lines joined by one space. */
const words = (comment: string) =>
  comment
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^(?:\/\/+|\*(?!\/))\s?/, '')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');

/** A file's comment blocks; a shebang is no comment. */
export function commentBlocks(file: string, text: string): CommentBlock[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const allLines = text.split('\n');
  const blocks: CommentBlock[] = [];
  let previous: { range: ts.CommentRange; block: CommentBlock } | undefined;
  for (const range of commentRanges(source)) {
    if (text.startsWith('#!', range.pos)) continue;
    const [first, last] = [lineOf(range.pos), lineOf(range.end)];
    const length = words(text.slice(range.pos, range.end)).length;
    const ownLine = (at: ts.CommentRange) => text.slice(text.lastIndexOf('\n', at.pos - 1) + 1, at.pos).trim() === '';
    const joins =
      previous !== undefined &&
      ownLine(range) &&
      ownLine(previous.range) &&
      range.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      previous.range.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      lineOf(previous.range.end) === first - 1;
    if (joins && previous) {
      previous.block.length += length && 1 + length;
      previous.block.lines.push(allLines[first] as string);
      previous.range = range;
      continue;
    }
    const block = { file, line: first + 1, length, lines: allLines.slice(first, last + 1) };
    blocks.push(block);
    previous = { range, block };
  }
  return blocks;
}

/** The blocks over the character limit, and the comment lines over the line limit, of every code file. */
export function commentFindings(root: string) {
  const long: CommentBlock[] = [];
  const wide: { file: string; line: number; length: number }[] = [];
  for (const file of codeFiles(root)) {
    for (const block of commentBlocks(file, readFileSync(`${root}/${file}`, 'utf8'))) {
      if (block.length > MAX_BLOCK_CHARACTERS) long.push(block);
      block.lines.forEach((line, index) => {
        if (line.length > MAX_LINE_CHARACTERS) wide.push({ file, line: block.line + index, length: line.length });
      });
    }
  }
  return { long, wide };
}
