import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalUpdate } from './errors';
import { partitionKey } from './recordKinds';

/**
 * How many active keys each dashboard account holds, as one counter per account: reserving a slot
 * is a single conditional UpdateItem, so two concurrent "Create key" clicks cannot pass the limit.
 */
export interface AccountStore {
  /** Takes one of `max` key slots; false when all are taken. Without `max` (an operator's key), always. */
  reserveKeySlot(accountId: string, max?: number): Promise<boolean>;
  /** Gives a slot back (a key revoked, or a creation that failed after reserving). */
  releaseKeySlot(accountId: string): Promise<void>;
}

const SK = 'ACCOUNT';
const keyOf = (accountId: string) => ({ pk: partitionKey('account', accountId), sk: SK });

export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async reserveKeySlot(accountId: string, max?: number): Promise<boolean> {
    return this.addKeys(
      accountId,
      1,
      max === undefined
        ? undefined
        : { condition: 'attribute_not_exists(activeKeys) OR activeKeys < :bound', bound: max },
    );
  }

  async releaseKeySlot(accountId: string): Promise<void> {
    await this.addKeys(accountId, -1, { condition: 'activeKeys > :bound', bound: 0 });
  }

  private addKeys(accountId: string, by: number, guard?: { condition: string; bound: number }): Promise<boolean> {
    return conditionalUpdate(this.db, {
      TableName: this.tableName,
      Key: keyOf(accountId),
      UpdateExpression: 'ADD activeKeys :by',
      ...(guard ? { ConditionExpression: guard.condition } : {}),
      ExpressionAttributeValues: { ':by': by, ...(guard ? { ':bound': guard.bound } : {}) },
    });
  }
}
