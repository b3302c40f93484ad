import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ATTEMPT_LIMITS, CALL_DEADLINE_MS, EMBEDDED_STORE_DEADLINE_MS, EMBEDDED_STORE_LIMITS, withCallDeadline } from '../aws/callLimits';
import type { StoreConfig } from './config';

/** The embedded store's credentials, as the local server (or a CLI it points at) put them in the environment. */
function localCredentials(env: NodeJS.ProcessEnv = process.env) {
  return { accessKeyId: env.DYNAMODB_ACCESS_KEY_ID || 'local', secretAccessKey: env.DYNAMODB_SECRET_ACCESS_KEY || 'local' };
}

/** Short timeouts and few retries: a request waiting on DynamoDB fails fast with a 503 rather
 * than hang until API Gateway's 29 s limit (callLimits.ts). */
export function createDocumentClient(config: StoreConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region,
    endpoint: config.endpoint,
    maxAttempts: 3,
    requestHandler: config.embedded ? EMBEDDED_STORE_LIMITS : ATTEMPT_LIMITS,
    // A custom endpoint is the embedded dynalite, which answers only its process's credentials.
    ...(config.endpoint ? { credentials: localCredentials() } : {}),
  });
  return withCallDeadline(DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }), config.embedded ? EMBEDDED_STORE_DEADLINE_MS : CALL_DEADLINE_MS);
}
