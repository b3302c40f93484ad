import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StoreConfig } from './config';

/** Short timeouts and few retries: a request waiting on DynamoDB should fail fast with a 503
 * rather than hang until API Gateway's 29 s limit. */
export function createDocumentClient(config: StoreConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region,
    endpoint: config.endpoint,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 },
    // A custom endpoint is the embedded dynalite, which accepts any credentials.
    ...(config.endpoint ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
