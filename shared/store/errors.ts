import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { StoreUnavailableError } from '../errors/unavailable';

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
