import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/** Raised by every store when DynamoDB (or the KMS key behind sealed secrets) cannot answer:
 * throttled, timed out, unreachable. The HTTP layer turns it into a 503 with Retry-After, never a 500. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(operation: string, cause: unknown, service = 'DynamoDB') {
    super(`${service} ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Runs one DynamoDB call and re-raises a failure of the service as StoreUnavailableError.
 * A failed condition is an answer, not an outage, so it passes through for the caller. */
export async function guarded<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw error;
    throw new StoreUnavailableError(operation, error);
  }
}
