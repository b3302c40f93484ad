import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readDeploySettings } from '../../infra/cdk/deploySettings';
import { runFolder } from '../support/runCache';

/**
 * The CDK app run as `cdk synth` runs it (context in CDK_CONTEXT_JSON, cdk.json's flags included), without
 * bundling: settings kept in a file reach the template, and `-c` overrides them.
 */
const run = promisify(execFile);
const cdkJsonContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context;
const OPERATOR = 'arn:aws:iam::123456789012:role/file-operator';

async function synthApp(settingsFile: string, commandLine: Record<string, string>) {
  const outdir = mkdtempSync(join(runFolder(), 'settings-synth-'));
  const context = { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], settingsFile, ...commandLine };
  await run('npx', ['tsx', 'infra/cdk/app.ts'], {
    env: { ...process.env, CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify(context) },
    timeout: 120_000,
  });
  return JSON.parse(readFileSync(join(outdir, 'ChatbotUtilityApi.template.json'), 'utf8')) as {
    Resources: Record<string, { Type: string; Properties: Record<string, any> }>;
  };
}

const settingsFile = (settings: unknown): string => {
  const file = join(mkdtempSync(join(runFolder(), 'settings-')), 'deploy.settings.json');
  writeFileSync(file, JSON.stringify(settings));
  return file;
};

describe('deploy settings kept in a file', () => {
  test("the file's settings reach the template, and -c overrides one", async () => {
    const file = settingsFile({
      reservedConcurrency: 5,
      discordClientId: '123456789012345678',
      alarmEmail: 'file@example.com',
      secretsKeyUsers: [OPERATOR],
      logRetentionDays: 30,
    });
    const template = await synthApp(file, { alarmEmail: 'flag@example.com' });
    const resources = Object.values(template.Resources);
    const ofType = (type: string) => resources.filter((r) => r.Type === type).map((r) => r.Properties);
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.map((fn) => fn.ReservedConcurrentExecutions)).toEqual(functions.map(() => 5));
    expect(functions.map((fn) => fn.Environment.Variables.DISCORD_CLIENT_ID).filter(Boolean)).toEqual([
      '123456789012345678',
    ]);
    expect(ofType('AWS::SNS::Subscription').map((s) => s.Endpoint)).toEqual(['flag@example.com']);
    expect(new Set(ofType('AWS::Logs::LogGroup').map((group) => group.RetentionInDays))).toEqual(new Set([30]));
    expect(JSON.stringify(ofType('AWS::KMS::Key'))).toContain(OPERATOR);
  }, 120_000);

  test('a setting of the wrong type or an unknown one stops synth, naming it', async () => {
    const wrongType = settingsFile({ reservedConcurrency: '20' });
    await expect(synthApp(wrongType, {})).rejects.toThrow(
      `${wrongType}: setting "reservedConcurrency" must be a number, got "20"`,
    );
    expect(() => readDeploySettings(settingsFile({ alarmEmial: 'ops@example.com' }))).toThrow(
      /: unknown setting "alarmEmial" \(known: rateLimitPerMinute, /,
    );
    expect(() => readDeploySettings(settingsFile({ waf: 'true' }))).toThrow('setting "waf" must be a boolean');
    expect(() => readDeploySettings(settingsFile([1]))).toThrow('must hold one JSON object of settings');
    expect(readDeploySettings(join(tmpdir(), 'no such folder', 'deploy.settings.json'))).toEqual({});
  }, 120_000);

  test('the committed example is a valid settings file that changes nothing until filled in', () => {
    const example = readDeploySettings(fileURLToPath(new URL('../../deploy.settings.example.json', import.meta.url)));
    expect(example).toEqual({
      discordClientId: '',
      dashboardUrl: '',
      alarmEmail: '',
      secretsKeyUsers: [],
      reservedConcurrency: 0,
    });
  });
});
