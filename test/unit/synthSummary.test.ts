import { describe, expect, test } from '@jest/globals';
import { LIST_PRICES } from '../../infra/cli/listPrices';
import type { RequestKind } from '../../infra/cli/requestKinds';
import {
  operatorSecrets,
  requestCosts,
  shownValue,
  synthSummary,
  type CfnTemplate,
} from '../../infra/cli/synthSummary';

/** A template as CDK writes one, cut down to a function, a table, a secret and two outputs. */
const fixture = (overrides: { memory?: number; arch?: string; billing?: string } = {}): CfnTemplate => ({
  Resources: {
    BotsFunction0A1B2C3D: {
      Type: 'AWS::Lambda::Function',
      Properties: { MemorySize: overrides.memory ?? 512, Architectures: [overrides.arch ?? 'arm64'] },
    },
    BotsFunctionServiceRole12345678: { Type: 'AWS::IAM::Role' },
    DataTable: { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: overrides.billing ?? 'PAY_PER_REQUEST' } },
    DiscordClientSecretABCDEF12: { Type: 'AWS::SecretsManager::Secret', Properties: { Description: 'client secret' } },
  },
  Outputs: {
    ApiUrl: {
      Value: { 'Fn::Join': ['', ['https://', { Ref: 'Api' }, '.execute-api.', { Ref: 'AWS::Region' }, '/prod/']] },
      Description: 'Base URL',
    },
    DiscordClientSecretArn: { Value: { Ref: 'DiscordClientSecretABCDEF12' } },
  },
});

const botRead: RequestKind = { name: 'bot read', group: 'bots', durationMs: 100, writes: 2, reads: 4, basis: 'test' };

describe('npm run synth summary, from a template fixture', () => {
  test('a million requests: API Gateway, Lambda requests + GB-seconds at memory and architecture, DynamoDB', () => {
    const [cost] = requestCosts(fixture(), [botRead]);
    // 0.5 GB × 0.1 s × 1e6 = 50,000 GB-s.
    expect(cost?.memoryMb).toBe(512);
    expect(cost?.apiGateway).toBe(3.5);
    expect(cost?.lambda).toBeCloseTo(0.2 + 50_000 * 0.0000133334, 6);
    expect(cost?.dynamo).toBeCloseTo(2 * 0.625 + 4 * 0.125, 6);
    expect(cost?.total).toBeCloseTo(3.5 + 0.2 + 0.66667 + 1.75, 4);
    const [x86] = requestCosts(fixture({ arch: 'x86_64', memory: 1024 }), [botRead]);
    expect(x86?.lambda).toBeCloseTo(0.2 + 100_000 * 0.0000166667, 6);
  });

  test('a provisioned table is not priced per request; a kind without its function is an error', () => {
    expect(requestCosts(fixture({ billing: 'PROVISIONED' }), [botRead])[0]?.dynamo).toBeUndefined();
    expect(() => requestCosts(fixture(), [{ ...botRead, group: 'docs' }])).toThrow(/no function for docs/);
  });

  test('outputs show what the template knows; the secret comes with the command that sets it', () => {
    expect(shownValue(fixture().Outputs?.ApiUrl?.Value)).toBe('https://<Api>.execute-api.<AWS::Region>/prod/');
    expect(operatorSecrets(fixture(), 'S')).toEqual([
      {
        id: 'DiscordClientSecretABCDEF12',
        description: 'client secret',
        command:
          'aws secretsmanager put-secret-value --secret-id "$(aws cloudformation describe-stacks --stack-name S ' +
          `--query "Stacks[0].Outputs[?OutputKey=='DiscordClientSecretArn'].OutputValue" --output text)" ` +
          "--secret-string '<value>'",
      },
    ]);
    const summary = synthSummary(fixture(), 'S', [botRead]);
    expect(summary).toMatch(/^ApiUrl\s+https:\/\/<Api>\S+\s+Base URL$/m);
    expect(summary).toContain(`${LIST_PRICES.region}, ${LIST_PRICES.asOf}`);
    expect(summary).toMatch(/^bot read\s+512 MB arm64\s+100\s+2\/4\s+\$3\.50\s+\$0\.87\s+\$1\.75\s+\$6\.12$/m);
  });
});
