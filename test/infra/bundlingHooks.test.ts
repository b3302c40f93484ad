import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterBundlingCommands } from '../../infra/cdk/bundlingHooks';
import type { ShippedFile } from '../../infra/cdk/fontShipping';
import { runFolder } from '../support/runCache';

/**
 * The commands CDK runs after esbuild, run as CDK runs them (`bash -c`, from the checkout) with a
 * checkout and an output folder whose names hold spaces and a quote: every file lands where the
 * function reads it, and nothing lands anywhere else.
 */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

describe('the after-bundling hooks, from a checkout path with a space', () => {
  test('copy the fonts, the emoji and the OpenAPI document into the output, and install resvg there', () => {
    const base = mkdtempSync(join(runFolder(), 'hooks with space-'));
    const root = join(base, "my checkout's copy");
    const output = join(base, 'asset output');
    const fontsDir = join(root, 'node_modules', 'font package');
    const emojiDir = join(root, 'node_modules', 'twemoji svg');
    for (const dir of [join(root, 'docs'), fontsDir, emojiDir, output]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, 'docs', 'openapi.json'), '{"openapi":"3.1.0"}');
    const fonts: ShippedFile[] = [
      { source: join(fontsDir, 'Inter Regular.ttf'), name: 'inter/Inter Regular.ttf' },
      { source: join(emojiDir, '1f600.svg'), name: 'twemoji/1f600.svg' },
      { source: join(emojiDir, '2764.svg'), name: 'twemoji/2764.svg' },
    ];
    for (const { source } of fonts) writeFileSync(source, source);
    // A stand-in npm on PATH writes down the arguments it was given, one a line.
    const bin = join(base, 'fake bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(base, 'npm-args')}"\n`);
    chmodSync(join(bin, 'npm'), 0o755);

    const commands = afterBundlingCommands({ fonts: true, rasteriser: true, openApiDocument: true }, output, {
      root,
      cpu: 'arm64',
      fonts,
    });
    for (const command of commands)
      execFileSync('bash', ['-c', command], { cwd: root, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });

    expect(filesUnder(output)).toEqual([
      'fonts/inter/Inter Regular.ttf',
      'fonts/twemoji/1f600.svg',
      'fonts/twemoji/2764.svg',
      'openapi.json',
    ]);
    expect(readFileSync(join(output, 'fonts', 'inter', 'Inter Regular.ttf'), 'utf8')).toBe(fonts[0]!.source);
    expect(readFileSync(join(output, 'openapi.json'), 'utf8')).toBe('{"openapi":"3.1.0"}');
    const npmArgs = readFileSync(join(base, 'npm-args'), 'utf8').split('\n');
    expect(npmArgs.slice(0, 3)).toEqual(['install', '--prefix', output]);
    expect(npmArgs).toEqual(expect.arrayContaining(['--cpu=arm64', expect.stringMatching(/^@resvg\/resvg-js@\d/)]));
    // No stray folder made from half a path, in the checkout, the output's parent or the working folder.
    expect(readdirSync(base).sort()).toEqual(['asset output', 'fake bin', "my checkout's copy", 'npm-args']);
    expect(readdirSync(root).sort()).toEqual(['docs', 'node_modules']);
  });

  test('ship nothing a function does not need', () => {
    expect(afterBundlingCommands({ fonts: false, rasteriser: false }, '/out', { cpu: 'arm64' })).toEqual([]);
  });
});
