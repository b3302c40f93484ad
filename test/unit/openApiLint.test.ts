import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument, openApiText } from '../../shared/openapi/document';
import { apiContactFromEnv } from '../../shared/openapi/contact';
import { groupTags } from '../../functions/groups';
import { runFolder } from '../support/runCache';

/**
 * The generated document under Spectral (spectral:oas with every rule on, .spectral.yaml) and Redocly
 * (recommended-strict, redocly.yaml), both run from node_modules/.bin, offline: no finding of any severity.
 */
const BIN = join(process.cwd(), 'node_modules/.bin');
const folder = mkdtempSync(join(runFolder(), 'openapi-lint-'));
// No telemetry, no update check: the machine has no network and the test must not wait for one.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const write = (name: string, document: unknown) => {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
};

const run = (tool: string, args: string[]) =>
  new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(join(BIN, tool), args, { env, timeout: 30_000 }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });

/** Each tool's findings as rule names (every severity, hints included). */
async function spectral(file: string) {
  const report = join(folder, 'spectral.json');
  const { code } = await run('spectral', [
    'lint',
    file,
    '--ruleset',
    '.spectral.yaml',
    '--fail-severity',
    'hint',
    '--format',
    'json',
    '--output',
    report,
  ]);
  return {
    code,
    rules: (JSON.parse(readFileSync(report, 'utf8')) as { code: string }[]).map((problem) => problem.code),
  };
}
async function redocly(file: string) {
  const { code, stdout } = await run('redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'json']);
  return {
    code,
    rules: (JSON.parse(stdout) as { problems: { ruleId: string }[] }).problems.map((problem) => problem.ruleId),
  };
}

describe('the OpenAPI document under Spectral and Redocly', () => {
  test("Spectral's ruleset is spectral:oas whole: no rule turned off or changed", () => {
    const ruleset = readFileSync('.spectral.yaml', 'utf8').replace(/#.*$/gm, '').trim();
    expect(ruleset).toBe('extends: ["spectral:oas"]');
  });

  test("both lint it clean: no error or warning beyond .redocly.lint-ignore.yaml's", async () => {
    // The committed document (openApiDocument.test.ts holds it
    // equal to the generated one), where the ignore file names it.
    const file = 'docs/openapi.json';
    expect(readFileSync(file, 'utf8')).toBe(openApiText(groupTags()));
    const [bySpectral, byRedocly] = await Promise.all([spectral(file), redocly(file)]);
    expect(bySpectral).toEqual({ code: 0, rules: [] });
    expect(byRedocly).toEqual({ code: 0, rules: [] });
  }, 30_000);

  test("so does the document naming an operator's contact (as the docs function serves it)", async () => {
    const contact = apiContactFromEnv({
      API_CONTACT_URL: 'https://example.com/support',
      API_CONTACT_EMAIL: 'a@example.com',
    });
    const file = write('operator.json', openApiDocument(groupTags(), '/prod', contact));
    expect(await spectral(file)).toEqual({ code: 0, rules: [] });
  }, 30_000);

  test('both do refuse a flawed document (an operation without a description or 4xx answer)', async () => {
    const flawed = openApiDocument(groupTags()) as {
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    };
    const operation = flawed.paths['/v1/bots']!.get!;
    delete operation.description;
    operation.responses = { 200: operation.responses[200] };
    const file = write('flawed.json', flawed);
    const [bySpectral, byRedocly] = await Promise.all([spectral(file), redocly(file)]);
    expect(bySpectral.rules).toContain('operation-description');
    expect(bySpectral.code).not.toBe(0);
    expect(byRedocly.rules).toContain('operation-4xx-response');
    expect(byRedocly.code).not.toBe(0);
  }, 30_000);
});
