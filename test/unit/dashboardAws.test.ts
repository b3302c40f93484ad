import { beforeEach, describe, expect, test } from '@jest/globals';
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanKeyCommand,
  GetUsagePlansCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { secretsManagerSecret, UNSET_CLIENT_SECRET } from '../../functions/dashboard/clientSecret';
import { keyRegistryFromEnv } from '../../functions/dashboard/keyRegistry';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { createStores } from '../../shared/store';

/** The dashboard's AWS calls, mocked: keys made in the usage plan it finds by name, and the Discord client secret. */
const gatewayMock = mockClient(APIGatewayClient);
const dynamoMock = mockClient(DynamoDBDocumentClient);
const secretsMock = mockClient(SecretsManagerClient);
const store = () => createStores({ tableName: 'Dashboard-Data', region: 'eu-west-1' }).apiKeys;
const ENV = { USAGE_PLAN_NAME: 'ChatbotUtilityApi-keys', AWS_REGION: 'eu-west-1' };
const names = (mock: ReturnType<typeof mockClient>) =>
  mock.calls().map((call) => (call.args[0] as object).constructor.name);

beforeEach(() => {
  gatewayMock.reset();
  dynamoMock.reset();
  secretsMock.reset();
  // The plan is on the second page of the account's usage plans.
  gatewayMock
    .on(GetUsagePlansCommand)
    .resolvesOnce({ items: [{ id: 'other', name: 'someone-else' }], position: 'page-2' })
    .resolves({ items: [{ id: 'plan-9', name: ENV.USAGE_PLAN_NAME }] });
  gatewayMock.on(CreateApiKeyCommand).resolves({ id: 'gw-1' });
});

describe('keys made on the dashboard in AWS', () => {
  test('join the usage plan found by name (looked up once per instance), as the CLI makes them', async () => {
    const registry = keyRegistryFromEnv(store(), { ...process.env, ...ENV });
    const first = await registry.create({ name: 'my bot', owner: '200000000000000001' });
    await registry.create({ name: 'another', owner: '200000000000000001' });
    expect(first.record).toMatchObject({ gatewayKeyId: 'gw-1', owner: '200000000000000001' });
    expect(gatewayMock.commandCalls(GetUsagePlansCommand).map((call) => call.args[0].input.position)).toEqual([
      undefined,
      'page-2',
    ]);
    expect(gatewayMock.commandCalls(CreateUsagePlanKeyCommand).map((call) => call.args[0].input)).toEqual([
      { usagePlanId: 'plan-9', keyId: 'gw-1', keyType: 'API_KEY' },
      { usagePlanId: 'plan-9', keyId: 'gw-1', keyType: 'API_KEY' },
    ]);
    expect(dynamoMock.commandCalls(PutCommand)).toHaveLength(2);
  });

  test('a failing second call rolls the first back, and the caller sees an outage (503), not a 500', async () => {
    gatewayMock
      .on(CreateUsagePlanKeyCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    const registry = keyRegistryFromEnv(store(), { ...process.env, ...ENV });
    await expect(registry.create({ name: 'my bot', owner: '200000000000000001' })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(names(gatewayMock)).toEqual([
      'GetUsagePlansCommand',
      'GetUsagePlansCommand',
      'CreateApiKeyCommand',
      'CreateUsagePlanKeyCommand',
      'DeleteApiKeyCommand',
    ]);
    expect(gatewayMock.commandCalls(DeleteApiKeyCommand)[0]?.args[0].input).toEqual({ apiKey: 'gw-1' });
    expect(dynamoMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  test('revoking takes the key out of the plan and disables it', async () => {
    const record = {
      id: 'key_0123456789abcdef',
      name: 'k',
      owner: 'o',
      keyHash: 'ab'.repeat(32),
      createdAt: '2026-01-01T00:00:00.000Z',
      gatewayKeyId: 'gw-7',
    };
    dynamoMock.on(QueryCommand).resolves({ Items: [{ pk: `KEY#${record.keyHash}`, sk: 'APIKEY', ...record }] });
    dynamoMock.on(UpdateCommand).resolves({
      Attributes: { pk: `KEY#${record.keyHash}`, sk: 'APIKEY', ...record, revokedAt: '2026-02-01T00:00:00.000Z' },
    });
    await keyRegistryFromEnv(store(), { ...process.env, ...ENV }).revoke(record.id, '2026-02-01T00:00:00.000Z');
    expect(gatewayMock.commandCalls(DeleteUsagePlanKeyCommand)[0]?.args[0].input).toEqual({
      usagePlanId: 'plan-9',
      keyId: 'gw-7',
    });
    expect(gatewayMock.commandCalls(UpdateApiKeyCommand)[0]?.args[0].input.patchOperations).toEqual([
      { op: 'replace', path: '/enabled', value: 'false' },
    ]);
  });

  test('no usage plan of that name is an outage, tried again on the next key', async () => {
    gatewayMock.on(GetUsagePlansCommand).resolves({ items: [] });
    const registry = keyRegistryFromEnv(store(), { ...process.env, ...ENV });
    await expect(registry.create({ name: 'k', owner: 'o' })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(registry.create({ name: 'k', owner: 'o' })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(gatewayMock.commandCalls(GetUsagePlansCommand)).toHaveLength(2);
  });

  test('without USAGE_PLAN_NAME (the local server) keys live in the table alone', async () => {
    await keyRegistryFromEnv(store(), {}).create({ name: 'k', owner: 'o' });
    expect(gatewayMock.calls()).toHaveLength(0);
    expect(dynamoMock.commandCalls(PutCommand)).toHaveLength(1);
  });
});

describe('the Discord client secret from Secrets Manager', () => {
  const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:DiscordClientSecret-abc';

  test('read at first use, kept five minutes, then read again', async () => {
    secretsMock.on(GetSecretValueCommand).resolves({ SecretString: ' s3cret \n' });
    let now = 1_000_000;
    const secret = secretsManagerSecret(ARN, () => now);
    expect(secretsMock.calls()).toHaveLength(0);
    expect(await secret()).toBe('s3cret');
    now += 4 * 60_000;
    expect(await secret()).toBe('s3cret');
    expect(secretsMock.calls()).toHaveLength(1);
    now += 2 * 60_000;
    await secret();
    expect(secretsMock.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: ARN },
      { SecretId: ARN },
    ]);
  });

  test('a placeholder or empty secret says sign-in is not set up; an outage is a 503', async () => {
    secretsMock
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: UNSET_CLIENT_SECRET })
      .resolvesOnce({ SecretString: '' })
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    const secret = secretsManagerSecret(ARN);
    await expect(secret()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      message: 'Sign-in is not set up on this server yet',
    });
    await expect(secret()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      message: 'Sign-in is not set up on this server yet',
    });
    await expect(secret()).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
