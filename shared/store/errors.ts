import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
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

/**
 * One UpdateItem on its condition: false when the condition fails (the item changed meanwhile, a
 * slot is already given back, a bound is reached), true when it was applied.
 */
export async function conditionalUpdate(db: DynamoDBDocumentClient, input: UpdateCommandInput): Promise<boolean> {
  try {
    await guarded('UpdateItem', () => db.send(new UpdateCommand(input)));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
