import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HttpRequest, RequestSigner } from '@smithy/types';
import {
  ATTEMPT_LIMITS,
  CALL_DEADLINE_MS,
  EMBEDDED_STORE_DEADLINE_MS,
  EMBEDDED_STORE_LIMITS,
  withCallDeadline,
} from '../aws/callLimits';
import type { StoreConfig } from './config';
import { inProcessTransport } from './inProcessStores';
import { captured } from '../observability/tracing';

/** The embedded store's credentials, as the local server (or a CLI it points at) put them in the environment. */
function localCredentials(env: NodeJS.ProcessEnv = process.env) {
  return {
    accessKeyId: env.DYNAMODB_ACCESS_KEY_ID || 'local',
    secretAccessKey: env.DYNAMODB_SECRET_ACCESS_KEY || 'local',
  };
}

/**
 * The embedded store checks which access key a call names (infra/local/storeGuard.ts), never a
 * signature: its calls name the key without SigV4's hashing, which would be work for nothing.
 */
const UNSIGNED_DATE = '20000101T000000Z';
const namingTheKey = (accessKeyId: string): RequestSigner => ({
  sign: async (request: HttpRequest) => {
    const credential = `Credential=${accessKeyId}/embedded`;
    request.headers.authorization = `AWS4-HMAC-SHA256 ${credential}, SignedHeaders=host, Signature=none`;
    // dynalite wants a date beside the authorization, whatever it says.
    request.headers['x-amz-date'] = UNSIGNED_DATE;
    return request;
  },
});

/** Short timeouts and few retries: a request waiting on DynamoDB fails fast with a 503 rather
 * than hang until API Gateway's 29 s limit (callLimits.ts); the embedded store's calls are not
 * held to the request's budget (it is this very process, busy, not a service gone silent). */
export function createDocumentClient(config: StoreConfig): DynamoDBDocumentClient {
  const client = captured(
    new DynamoDBClient({
      region: config.region,
      endpoint: config.endpoint,
      maxAttempts: 3,
      requestHandler: inProcessTransport(config.endpoint) ?? (config.embedded ? EMBEDDED_STORE_LIMITS : ATTEMPT_LIMITS),
      // A custom endpoint is the embedded dynalite, which answers only its process's credentials.
      ...(config.endpoint ? { credentials: localCredentials() } : {}),
      ...(config.embedded ? { signer: namingTheKey(localCredentials().accessKeyId) } : {}),
    }),
  );
  const document = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return config.embedded
    ? withCallDeadline(document, EMBEDDED_STORE_DEADLINE_MS, false)
    : withCallDeadline(document, CALL_DEADLINE_MS);
}
