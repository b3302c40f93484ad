import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { addToCounter } from './windowCounter';
import { partitionKey } from './recordKinds';

/**
 * Discord's invalid answers (401, 403, 404, non-shared 429) to this service, counted per window
 * across every Lambda: Discord bans an address over 10,000 of them in 10 minutes, and Lambda's
 * addresses are shared, so the relay brakes well before (shared/webhooks/pairGuard.ts).
 */
export interface InvalidAnswerCounter {
  /** Adds `count` to the window's counter and returns the new total. */
  add(windowStart: number, count: number, expiresAt: number): Promise<number>;
  read(windowStart: number): Promise<number>;
}

const keyOf = (windowStart: number) => ({ pk: partitionKey('relay', 'INVALID_ANSWERS'), sk: `WINDOW#${windowStart}` });

export class DynamoInvalidAnswerCounter implements InvalidAnswerCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  add(windowStart: number, count: number, expiresAt: number): Promise<number> {
    return addToCounter(this.db, this.tableName, keyOf(windowStart), count, expiresAt);
  }

  async read(windowStart: number): Promise<number> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(windowStart) })),
    );
    return Number(Item?.count ?? 0);
  }
}
