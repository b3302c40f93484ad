import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NOTO_FAMILIES } from '../../shared/fonts/fontFiles';
import { routeList } from '../../shared/routes/table';
import { groupManifests } from '../../functions/groups';
import { REQUEST_KINDS } from '../../infra/cli/requestKinds';
import { requestCosts, synthSummary } from '../../infra/cli/synthSummary';
import { runFolder } from '../support/runCache';

/** ELF's e_machine for 64-bit ARM: the binary must be Lambda's (arm64), not this machine's. */
const EM_AARCH64 = 0xb7;
/** Lambda takes 250 MB unzipped; a package stays well within it (a drawing function's is about 40 MB, mostly fonts). */
const MAX_PACKAGE_BYTES = 100 * 1024 * 1024;

/** Bytes of every file under a folder. */
const folderBytes = (folder: string): number =>
  readdirSync(folder, { withFileTypes: true }).reduce(
    (sum, entry) =>
      sum + (entry.isDirectory() ? folderBytes(join(folder, entry.name)) : statSync(join(folder, entry.name)).size),
    0,
  );

/**
 * `npm run synth` as an operator runs it: no AWS account or credentials, esbuild bundles, the
 * fonts, and resvg's native binary for Lambda's platform (fetched from the npm registry).
 */
describe('npm run synth', () => {
  test('writes the template and a bundle per function within size; image ones with fonts and arm64', async () => {
    const out = mkdtempSync(join(runFolder(), 'synth-'));
    const env = {
      ...process.env,
      AWS_ACCESS_KEY_ID: '',
      AWS_SECRET_ACCESS_KEY: '',
      AWS_PROFILE: '',
      CDK_DISABLE_VERSION_CHECK: 'true',
    };
    const { stdout } = await promisify(execFile)('npm', ['run', 'synth', '--', '-o', out], { env, timeout: 120_000 });

    const template = JSON.parse(readFileSync(join(out, 'ChatbotUtilityApi.template.json'), 'utf8'));
    // It ends with the outputs, the secret to set and the costs, computed from the template it wrote.
    expect(stdout.trimEnd().endsWith(synthSummary(template, 'ChatbotUtilityApi', REQUEST_KINDS))).toBe(true);
    expect(stdout).toContain('put-secret-value --secret-id');
    // Each kind is priced at the memory its group's manifest gives the function, on arm64.
    for (const cost of requestCosts(template, REQUEST_KINDS)) {
      const manifest = groupManifests.find((group) => group.name === cost.kind.group);
      expect([cost.kind.group, cost.memoryMb, cost.architecture]).toEqual([
        cost.kind.group,
        manifest?.memoryMb,
        'arm64',
      ]);
    }
    const functions = Object.entries(
      template.Resources as Record<string, { Type: string; Metadata?: Record<string, string>; Properties: any }>,
    ).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(1);
    // Logical ids of the groups that answer images, e.g. FiltersFunction1A2B3C.
    const imageGroups = new Set(
      routeList
        .filter((route) => route.response === 'svg')
        .map((route) => route.group.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())),
    );
    const rasterising = new Set(
      functions.map(([id]) => id).filter((id) => [...imageGroups].some((group) => id.startsWith(`${group}Function`))),
    );
    expect(rasterising.size).toBe(imageGroups.size);
    for (const [id, fn] of functions) {
      const asset = join(out, fn.Metadata?.['aws:asset:path'] as string);
      expect(existsSync(join(asset, 'index.mjs'))).toBe(true);
      expect(folderBytes(asset)).toBeLessThan(MAX_PACKAGE_BYTES);
      expect(existsSync(join(asset, 'index.mjs.map'))).toBe(true);
      const fonts = fn.Properties.Environment.Variables.FONT_DIR ? readdirSync(join(asset, 'fonts')).sort() : [];
      if (fn.Properties.Environment.Variables.FONT_DIR)
        expect(fonts).toEqual(['inter', ...NOTO_FAMILIES, 'twemoji'].sort());
      // The docs function serves the linted document, shipped beside its bundle.
      const document = fn.Properties.Environment.Variables.OPENAPI_DOCUMENT;
      expect(existsSync(join(asset, 'openapi.json'))).toBe(document !== undefined);
      if (document)
        expect(readFileSync(join(asset, 'openapi.json'), 'utf8')).toBe(readFileSync('docs/openapi.json', 'utf8'));
      if (document) expect(document).toBe('/var/task/openapi.json');
      // Only image functions carry resvg; its native part is an aarch64 Linux shared object.
      const binary = join(asset, 'node_modules/@resvg/resvg-js-linux-arm64-gnu/resvgjs.linux-arm64-gnu.node');
      expect(existsSync(binary)).toBe(rasterising.has(id));
      expect(existsSync(join(asset, 'node_modules'))).toBe(rasterising.has(id));
      if (!rasterising.has(id)) continue;
      const elf = readFileSync(binary);
      expect(elf.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
      expect(elf.readUInt16LE(18)).toBe(EM_AARCH64);
      expect(existsSync(join(asset, 'node_modules/@resvg/resvg-js/index.js'))).toBe(true);
      // The WebP decoder and its WebAssembly beside it too (the wasm starts with "\0asm").
      expect(
        readFileSync(join(asset, 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm'))
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('\0asm');
      // Loaded at run time beside the bundle, not bundled.
      expect(readFileSync(join(asset, 'index.mjs'), 'utf8')).toContain('"@resvg/resvg-js"');
      expect(readFileSync(join(asset, 'index.mjs'), 'utf8')).toContain('"@jsquash/webp/decode.js"');
    }
  }, 150_000);
});
