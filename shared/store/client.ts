import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ATTEMPT_LIMITS, withCallDeadline } from '../aws/callLimits';
import type { StoreConfig } from './config';

/** Short timeouts and few retries: a request waiting on DynamoDB fails fast with a 503 rather
 * than hang until API Gateway's 29 s limit (callLimits.ts). */
export function createDocumentClient(config: StoreConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region,
    endpoint: config.endpoint,
    maxAttempts: 3,
    requestHandler: ATTEMPT_LIMITS,
    // A custom endpoint is the embedded dynalite, which accepts any credentials.
    ...(config.endpoint ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return withCallDeadline(DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }));
}
