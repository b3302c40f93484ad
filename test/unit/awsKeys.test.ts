import { beforeEach, describe, expect, test } from '@jest/globals';
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { awsKeyRegistry } from '../../infra/cli/awsKeyRegistry';
import { runKeysCommand } from '../../infra/cli/keysCommand';
import { readStackOutputs } from '../../infra/cli/stackOutputs';
import { hashKey } from '../../shared/access/keys';
import type { ApiKeyRecord } from '../../shared/store';
import { MemoryApiKeyStore } from './fixtures';

const gatewayMock = mockClient(APIGatewayClient);
const USAGE_PLAN = 'plan-123';

/** A store whose writes can be made to fail, to check what create leaves behind. */
class FlakyStore extends MemoryApiKeyStore {
  failPut = false;
  override async put(record: ApiKeyRecord): Promise<void> {
    if (this.failPut) throw new Error('DynamoDB unavailable');
    return super.put(record);
  }
}

let store: FlakyStore;
const registry = () => awsKeyRegistry({ gateway: new APIGatewayClient({ region: 'eu-west-1' }), store, usagePlanId: USAGE_PLAN });
const callNames = () => gatewayMock.calls().map((call) => call.args[0].constructor.name);

beforeEach(() => {
  gatewayMock.reset();
  gatewayMock.on(CreateApiKeyCommand).resolves({ id: 'gw-key-1' });
  gatewayMock.on(CreateUsagePlanKeyCommand).resolves({ id: 'gw-key-1' });
  store = new FlakyStore();
});

describe('create', () => {
  test('API Gateway key valued with the hash, then the usage plan, then the record', async () => {
    const { record, value } = await registry().create({ name: 'my bot', owner: 'alice' });

    expect(callNames()).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand']);
    expect(gatewayMock.commandCalls(CreateApiKeyCommand)[0]?.args[0].input).toMatchObject({ value: hashKey(value), enabled: true, tags: { keyId: record.id } });
    expect(gatewayMock.commandCalls(CreateUsagePlanKeyCommand)[0]?.args[0].input).toEqual({ usagePlanId: USAGE_PLAN, keyId: 'gw-key-1', keyType: 'API_KEY' });
    expect(await store.getById(record.id)).toEqual({ ...record, gatewayKeyId: 'gw-key-1', keyHash: hashKey(value), owner: 'alice' });
    expect(value).toMatch(/^cbk_/);
  });

  test('the usage plan refuses: the API Gateway key is deleted, nothing is stored', async () => {
    gatewayMock.on(CreateUsagePlanKeyCommand).rejects(new Error('TooManyRequests'));
    await expect(registry().create({ name: 'x' })).rejects.toThrow('TooManyRequests');
    expect(callNames()).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand', 'DeleteApiKeyCommand']);
    expect(gatewayMock.commandCalls(DeleteApiKeyCommand)[0]?.args[0].input).toEqual({ apiKey: 'gw-key-1' });
    expect(await store.list()).toEqual([]);
  });

  test('the record cannot be written: plan membership and key are undone, newest first', async () => {
    store.failPut = true;
    await expect(registry().create({ name: 'x' })).rejects.toThrow('DynamoDB unavailable');
    expect(callNames()).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand', 'DeleteUsagePlanKeyCommand', 'DeleteApiKeyCommand']);
    expect(gatewayMock.commandCalls(DeleteUsagePlanKeyCommand)[0]?.args[0].input).toEqual({ usagePlanId: USAGE_PLAN, keyId: 'gw-key-1' });
    expect(await store.list()).toEqual([]);
  });

  test('the first call fails: nothing to undo, nothing stored', async () => {
    gatewayMock.on(CreateApiKeyCommand).rejects(new Error('AccessDenied'));
    await expect(registry().create({ name: 'x' })).rejects.toThrow('AccessDenied');
    expect(callNames()).toEqual(['CreateApiKeyCommand']);
    expect(await store.list()).toEqual([]);
  });

  test('an undo step that fails too is reported, and the others still run', async () => {
    store.failPut = true;
    gatewayMock.on(DeleteUsagePlanKeyCommand).rejects(new Error('throttled'));
    await expect(registry().create({ name: 'x' })).rejects.toThrow(
      /DynamoDB unavailable; rollback also failed, remove by hand: usage plan plan-123 membership of key gw-key-1 \(throttled\)/,
    );
    expect(callNames()).toContain('DeleteApiKeyCommand');
  });
});

describe('revoke and list', () => {
  test('revoke marks the record, then disables the API Gateway key', async () => {
    const { record } = await registry().create({ name: 'x' });
    gatewayMock.resetHistory();
    const revoked = await registry().revoke(record.id, '2026-11-22T00:00:00.000Z');
    expect(revoked?.revokedAt).toBe('2026-11-22T00:00:00.000Z');
    expect((await store.getById(record.id))?.revokedAt).toBe('2026-11-22T00:00:00.000Z');
    expect(callNames()).toEqual(['UpdateApiKeyCommand']);
    expect(gatewayMock.commandCalls(UpdateApiKeyCommand)[0]?.args[0].input).toEqual({
      apiKey: 'gw-key-1',
      patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }],
    });
  });

  test('the record is marked before the key is disabled, so the authorizer refuses it first', async () => {
    const { record } = await registry().create({ name: 'x' });
    let revokedWhenDisabled: string | undefined;
    gatewayMock.on(UpdateApiKeyCommand).callsFake(async () => {
      revokedWhenDisabled = (await store.getById(record.id))?.revokedAt;
      return {};
    });
    await registry().revoke(record.id, '2026-11-22T00:00:00.000Z');
    expect(revokedWhenDisabled).toBe('2026-11-22T00:00:00.000Z');
  });

  test('disabling fails after the mark: the key stays refused, the error surfaces, and a retry disables it', async () => {
    const { record } = await registry().create({ name: 'x' });
    gatewayMock.on(UpdateApiKeyCommand).rejectsOnce(new Error('throttled')).resolves({});
    await expect(registry().revoke(record.id, '2026-11-22T00:00:00.000Z')).rejects.toThrow('throttled');
    expect((await store.getById(record.id))?.revokedAt).toBe('2026-11-22T00:00:00.000Z');
    expect((await registry().revoke(record.id, '2026-11-23T00:00:00.000Z'))?.revokedAt).toBe('2026-11-22T00:00:00.000Z');
    expect(gatewayMock.commandCalls(UpdateApiKeyCommand)).toHaveLength(2);
  });

  test('an unknown id touches nothing', async () => {
    expect(await registry().revoke('key_missing', 'now')).toBeUndefined();
    expect(callNames()).toEqual([]);
  });

  test('through the command: create --json prints the key once with its API Gateway id; list shows it', async () => {
    const lines: string[] = [];
    expect(await runKeysCommand(['create', '--name', 'bot', '--json', '--aws'], registry(), (line) => lines.push(line))).toBe(0);
    const created = JSON.parse(lines[0] as string);
    expect(created).toMatchObject({ name: 'bot', gatewayKeyId: 'gw-key-1', key: expect.stringMatching(/^cbk_/) });
    lines.length = 0;
    expect(await runKeysCommand(['list', '--aws'], registry(), (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toContain(created.id);
    expect(lines.join('\n')).not.toContain(created.key);
  });
});

describe('stack outputs', () => {
  const cloudFormation = mockClient(CloudFormationClient);
  beforeEach(() => {
    cloudFormation.reset();
  });

  test('are read from the deployed stack', async () => {
    cloudFormation.on(DescribeStacksCommand, { StackName: 'ChatbotUtilityApi' }).resolves({
      Stacks: [
        {
          StackName: 'ChatbotUtilityApi',
          CreationTime: new Date(),
          StackStatus: 'CREATE_COMPLETE',
          Outputs: [
            { OutputKey: 'TableName', OutputValue: 'ChatbotUtilityApi-Data' },
            { OutputKey: 'UsagePlanId', OutputValue: USAGE_PLAN },
            { OutputKey: 'ApiUrl', OutputValue: 'https://abc.execute-api.eu-west-1.amazonaws.com/prod/' },
          ],
        },
      ],
    });
    expect(await readStackOutputs(new CloudFormationClient({ region: 'eu-west-1' }), 'ChatbotUtilityApi')).toMatchObject({ TableName: 'ChatbotUtilityApi-Data', UsagePlanId: USAGE_PLAN });
  });

  test('a stack without them says to deploy first', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [{ StackName: 'x', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: [] }] });
    await expect(readStackOutputs(new CloudFormationClient({ region: 'eu-west-1' }), 'x')).rejects.toThrow(/no output TableName: deploy it/);
  });
});
