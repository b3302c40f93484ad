import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';

export interface RateCounterStore {
  /** Atomically adds one to the counter of (principal, window) and returns the new count. */
  increment(principal: string, windowStart: number, expiresAt: number): Promise<number>;
}

/** One item per principal and window: UpdateItem ADD is atomic across concurrent Lambdas,
 * and the TTL attribute lets DynamoDB delete finished windows. */
export class DynamoRateCounterStore implements RateCounterStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async increment(principal: string, windowStart: number, expiresAt: number): Promise<number> {
    const { Attributes } = await guarded('UpdateItem', () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `RATE#${principal}`, sk: `WINDOW#${windowStart}` },
          UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    return Number(Attributes?.count);
  }
}
