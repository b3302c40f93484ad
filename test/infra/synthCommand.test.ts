import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** `npm run synth` as an operator runs it: offline, no credentials, esbuild bundles and the fonts. */
describe('npm run synth', () => {
  test('writes the template and one bundle per function, image functions with their fonts', async () => {
    const out = mkdtempSync(join(tmpdir(), 'synth-'));
    const env = { ...process.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: '', CDK_DISABLE_VERSION_CHECK: 'true' };
    await promisify(execFile)('npm', ['run', 'synth', '--', '-o', out], { env, timeout: 120_000 });

    const template = JSON.parse(readFileSync(join(out, 'ChatbotUtilityApi.template.json'), 'utf8'));
    const functions = Object.values(template.Resources as Record<string, { Type: string; Metadata?: Record<string, string>; Properties: any }>).filter(
      (r) => r.Type === 'AWS::Lambda::Function',
    );
    expect(functions.length).toBeGreaterThan(1);
    for (const fn of functions) {
      const asset = join(out, fn.Metadata?.['aws:asset:path'] as string);
      expect(existsSync(join(asset, 'index.mjs'))).toBe(true);
      expect(existsSync(join(asset, 'index.mjs.map'))).toBe(true);
      const fonts = fn.Properties.Environment.Variables.FONT_DIR ? readdirSync(join(asset, 'fonts')).sort() : [];
      if (fn.Properties.Environment.Variables.FONT_DIR) expect(fonts).toEqual(['Inter_400Regular.ttf', 'Inter_700Bold.ttf']);
    }
  }, 150_000);
});
