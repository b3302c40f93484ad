import { beforeEach, describe, expect, test } from '@jest/globals';
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  NotFoundException,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { awsKeyRegistry } from '../../shared/access/awsKeyRegistry';
import { runKeys } from '../../infra/cli/keyRegistries';
import { hashKey } from '../../shared/access/keys';
import { createStores, type ApiKeyRecord } from '../../shared/store';

/**
 * Keys in AWS against the real data layer: the key store's own DynamoDB calls go to a mocked
 * DynamoDB client, API Gateway and CloudFormation to mocked clients, so the calls, their order
 * across the services and every rollback are checked as the CLI makes them.
 */
const gatewayMock = mockClient(APIGatewayClient);
const dynamoMock = mockClient(DynamoDBDocumentClient);
const cloudFormationMock = mockClient(CloudFormationClient);
const USAGE_PLAN = 'plan-123';
const TABLE = 'ChatbotUtilityApi-Data';

const registry = () =>
  awsKeyRegistry({
    gateway: new APIGatewayClient({ region: 'eu-west-1' }),
    store: createStores({ tableName: TABLE, region: 'eu-west-1' }).apiKeys,
    usagePlanId: USAGE_PLAN,
  });

/** Every call to API Gateway and DynamoDB, in the order it was made. */
const timeline = () =>
  [...gatewayMock.calls(), ...dynamoMock.calls()]
    .sort((a, b) => (a.calledBefore(b) ? -1 : 1))
    .map((call) => (call.args[0] as object).constructor.name);
type Mock = ReturnType<typeof mockClient>;
const inputOf = (mock: Mock, command: Parameters<Mock['commandCalls']>[0]) =>
  mock.commandCalls(command)[0]?.args[0].input;

/** The key record as the store keeps it in the table. */
const itemOf = (record: ApiKeyRecord) => ({
  pk: `KEY#${record.keyHash}`,
  sk: 'APIKEY',
  gsi1pk: 'APIKEYS',
  gsi1sk: record.id,
  gsi2pk: `ACCOUNT#${record.owner}`,
  gsi2sk: `KEY#${record.createdAt}#${record.id}`,
  ...record,
});
const stored: ApiKeyRecord = {
  id: 'key_0123',
  name: 'x',
  owner: 'x',
  keyHash: 'ab'.repeat(32),
  createdAt: '2026-11-01T00:00:00.000Z',
  gatewayKeyId: 'gw-key-1',
};

beforeEach(() => {
  for (const mock of [gatewayMock, dynamoMock, cloudFormationMock]) mock.reset();
  gatewayMock.on(CreateApiKeyCommand).resolves({ id: 'gw-key-1' });
  gatewayMock.on(CreateUsagePlanKeyCommand).resolves({ id: 'gw-key-1' });
  dynamoMock.on(PutCommand).resolves({});
});

describe('create', () => {
  test('API Gateway key valued with the hash, then the plan, then the record if the hash is new', async () => {
    const { record, value } = await registry().create({ name: 'my bot', owner: 'alice' });

    expect(timeline()).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand', 'PutCommand']);
    expect(inputOf(gatewayMock, CreateApiKeyCommand)).toMatchObject({
      value: hashKey(value),
      enabled: true,
      name: `${record.name} (${record.id})`,
    });
    // Untagged: tagging on creation would need apigateway:PUT on /tags, which the dashboard's role does not have.
    expect(inputOf(gatewayMock, CreateApiKeyCommand)).not.toHaveProperty('tags');
    expect(inputOf(gatewayMock, CreateUsagePlanKeyCommand)).toEqual({
      usagePlanId: USAGE_PLAN,
      keyId: 'gw-key-1',
      keyType: 'API_KEY',
    });
    expect(record).toMatchObject({ gatewayKeyId: 'gw-key-1', keyHash: hashKey(value), owner: 'alice', name: 'my bot' });
    expect(inputOf(dynamoMock, PutCommand)).toEqual({
      TableName: TABLE,
      Item: itemOf(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(value).toMatch(/^cbk_/);
  });

  test('the usage plan refuses: the API Gateway key is deleted, nothing is written to the table', async () => {
    gatewayMock.on(CreateUsagePlanKeyCommand).rejects(new Error('TooManyRequests'));
    await expect(registry().create({ name: 'x' })).rejects.toThrow('TooManyRequests');
    expect(timeline()).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand', 'DeleteApiKeyCommand']);
    expect(inputOf(gatewayMock, DeleteApiKeyCommand)).toEqual({ apiKey: 'gw-key-1' });
  });

  test.each([
    [
      'DynamoDB is unavailable',
      new Error('ProvisionedThroughputExceededException'),
      /DynamoDB PutItem failed: ProvisionedThroughputExceededException/,
    ],
    [
      'a record with the same hash exists',
      new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      /conditional request failed/,
    ],
  ])(
    'the record cannot be written (%s): plan membership and key are undone, newest first',
    async (_case, failure, message) => {
      dynamoMock.on(PutCommand).rejects(failure);
      await expect(registry().create({ name: 'x' })).rejects.toThrow(message);
      expect(timeline()).toEqual([
        'CreateApiKeyCommand',
        'CreateUsagePlanKeyCommand',
        'PutCommand',
        'DeleteUsagePlanKeyCommand',
        'DeleteApiKeyCommand',
      ]);
      expect(inputOf(gatewayMock, DeleteUsagePlanKeyCommand)).toEqual({ usagePlanId: USAGE_PLAN, keyId: 'gw-key-1' });
    },
  );

  test('the first call fails: nothing to undo, nothing written', async () => {
    gatewayMock.on(CreateApiKeyCommand).rejects(new Error('AccessDenied'));
    await expect(registry().create({ name: 'x' })).rejects.toThrow('AccessDenied');
    expect(timeline()).toEqual(['CreateApiKeyCommand']);
  });

  test('an undo step that fails too is reported, and the others still run', async () => {
    dynamoMock.on(PutCommand).rejects(new Error('timeout'));
    gatewayMock.on(DeleteUsagePlanKeyCommand).rejects(new Error('throttled'));
    await expect(registry().create({ name: 'x' })).rejects.toThrow(
      'PutItem failed: timeout; rollback also failed, remove by hand: usage plan plan-123 membership of key gw-key-1 ' +
        '(throttled)',
    );
    expect(timeline().at(-1)).toBe('DeleteApiKeyCommand');
  });
});

describe('revoke', () => {
  const revokedAt = '2026-11-22T00:00:00.000Z';

  test('marks the record revoked once, then takes the key out of the usage plan and disables it', async () => {
    dynamoMock.on(QueryCommand).resolves({ Items: [itemOf(stored)] });
    dynamoMock.on(UpdateCommand).resolves({ Attributes: { ...itemOf(stored), revokedAt } });
    expect(await registry().revoke(stored.id, revokedAt)).toEqual({ ...stored, revokedAt });

    expect(timeline()).toEqual(['QueryCommand', 'UpdateCommand', 'DeleteUsagePlanKeyCommand', 'UpdateApiKeyCommand']);
    expect(inputOf(gatewayMock, DeleteUsagePlanKeyCommand)).toEqual({ usagePlanId: USAGE_PLAN, keyId: 'gw-key-1' });
    expect(inputOf(dynamoMock, QueryCommand)).toMatchObject({
      TableName: TABLE,
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':pk': 'APIKEYS', ':id': stored.id },
    });
    expect(inputOf(dynamoMock, UpdateCommand)).toMatchObject({
      TableName: TABLE,
      Key: { pk: `KEY#${stored.keyHash}`, sk: 'APIKEY' },
      UpdateExpression: 'SET revokedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
      ExpressionAttributeValues: { ':at': revokedAt },
    });
    expect(inputOf(gatewayMock, UpdateApiKeyCommand)).toEqual({
      apiKey: 'gw-key-1',
      patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }],
    });
  });

  test('disabling fails after the mark: the error surfaces; a retry disables without re-marking', async () => {
    dynamoMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [itemOf(stored)] })
      .resolves({ Items: [{ ...itemOf(stored), revokedAt }] });
    dynamoMock.on(UpdateCommand).resolves({ Attributes: { ...itemOf(stored), revokedAt } });
    // The first run took the key out of the plan; the retry finds it gone and carries on.
    gatewayMock
      .on(DeleteUsagePlanKeyCommand)
      .resolvesOnce({})
      .rejects(new NotFoundException({ message: 'Invalid API Key identifier specified', $metadata: {} }));
    gatewayMock.on(UpdateApiKeyCommand).rejectsOnce(new Error('throttled')).resolves({});
    await expect(registry().revoke(stored.id, revokedAt)).rejects.toThrow('throttled');
    expect((await registry().revoke(stored.id, '2026-11-23T00:00:00.000Z'))?.revokedAt).toBe(revokedAt);
    expect(timeline()).toEqual([
      'QueryCommand',
      'UpdateCommand',
      'DeleteUsagePlanKeyCommand',
      'UpdateApiKeyCommand',
      'QueryCommand',
      'DeleteUsagePlanKeyCommand',
      'UpdateApiKeyCommand',
    ]);
  });

  test('leaving the plan fails otherwise: the error surfaces, and a retry finishes the job', async () => {
    dynamoMock.on(QueryCommand).resolves({ Items: [itemOf(stored)] });
    dynamoMock.on(UpdateCommand).resolves({ Attributes: { ...itemOf(stored), revokedAt } });
    gatewayMock.on(DeleteUsagePlanKeyCommand).rejects(new Error('throttled'));
    await expect(registry().revoke(stored.id, revokedAt)).rejects.toThrow('throttled');
  });

  test('an unknown id touches nothing but the lookup', async () => {
    dynamoMock.on(QueryCommand).resolves({ Items: [] });
    expect(await registry().revoke('key_missing', revokedAt)).toBeUndefined();
    expect(timeline()).toEqual(['QueryCommand']);
  });
});

describe('npm run keys -- --aws', () => {
  const outputs = (stack: string) => ({
    Stacks: [
      {
        StackName: stack,
        CreationTime: new Date(),
        StackStatus: 'CREATE_COMPLETE' as const,
        Outputs: [
          { OutputKey: 'TableName', OutputValue: TABLE },
          { OutputKey: 'UsagePlanId', OutputValue: USAGE_PLAN },
          { OutputKey: 'ApiUrl', OutputValue: 'https://abc.execute-api.eu-central-1.amazonaws.com/prod/' },
        ],
      },
    ],
  });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runKeys(argv, (line) => lines.push(line));
    return { code, out: lines.join('\n') };
  };
  // The client a call was made on.
  const regionOf = (call: { thisValue: unknown }) =>
    (call.thisValue as { config: { region: () => Promise<string> } }).config.region();

  test('create: --stack gives the table and usage plan; every client works in --region', async () => {
    cloudFormationMock.on(DescribeStacksCommand, { StackName: 'MyApi' }).resolves(outputs('MyApi'));
    const { code, out } = await run(
      'create',
      '--name',
      'bot',
      '--aws',
      '--stack',
      'MyApi',
      '--region',
      'eu-central-1',
      '--json',
    );

    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      name: 'bot',
      gatewayKeyId: 'gw-key-1',
      key: expect.stringMatching(/^cbk_/),
    });
    expect(cloudFormationMock.commandCalls(DescribeStacksCommand).map((call) => call.args[0].input)).toEqual([
      { StackName: 'MyApi' },
    ]);
    expect(inputOf(gatewayMock, CreateUsagePlanKeyCommand)).toMatchObject({ usagePlanId: USAGE_PLAN });
    expect(inputOf(dynamoMock, PutCommand)).toMatchObject({ TableName: TABLE });
    const calls = [...cloudFormationMock.calls(), ...gatewayMock.calls(), ...dynamoMock.calls()];
    expect(await Promise.all(calls.map(regionOf))).toEqual(calls.map(() => 'eu-central-1'));
  });

  test('list and revoke, with the default stack; the key itself is never listed', async () => {
    cloudFormationMock
      .on(DescribeStacksCommand, { StackName: 'ChatbotUtilityApi' })
      .resolves(outputs('ChatbotUtilityApi'));
    dynamoMock.on(QueryCommand).resolves({ Items: [itemOf(stored)] });
    dynamoMock.on(UpdateCommand).resolves({ Attributes: { ...itemOf(stored), revokedAt: '2026-11-22T00:00:00.000Z' } });

    const listed = await run('--aws', 'list', '--region', 'eu-west-1');
    expect(listed).toMatchObject({
      code: 0,
      out: expect.stringContaining(`${stored.id}\tx\tx\t${stored.createdAt}\tactive`),
    });
    expect(listed.out).not.toContain(stored.keyHash);
    expect(await run('revoke', stored.id, '--aws', '--region', 'eu-west-1')).toMatchObject({
      code: 0,
      out: expect.stringMatching(new RegExp(`^revoked ${stored.id} at `)),
    });
    expect(inputOf(gatewayMock, UpdateApiKeyCommand)).toMatchObject({ apiKey: 'gw-key-1' });
  });

  test('a stack without the outputs says to deploy first, and nothing else is called', async () => {
    cloudFormationMock.on(DescribeStacksCommand).resolves({
      Stacks: [{ StackName: 'x', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: [] }],
    });
    await expect(run('list', '--aws', '--stack', 'x', '--region', 'eu-west-1')).rejects.toThrow(
      /stack x has no output TableName: deploy it/,
    );
    expect(timeline()).toEqual([]);
  });
});
