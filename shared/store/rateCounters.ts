import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addToCounter } from './windowCounter';
import { partitionKey } from './recordKinds';

export interface RateCounterStore {
  /** Atomically adds one to the counter of (principal, window) and returns the new count. */
  increment(principal: string, windowStart: number, expiresAt: number): Promise<number>;
}

/** One item per principal and window, counted atomically, deleted by TTL once finished. */
export class DynamoRateCounterStore implements RateCounterStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  increment(principal: string, windowStart: number, expiresAt: number): Promise<number> {
    return addToCounter(this.db, this.tableName, { pk: partitionKey('rateCounter', principal), sk: `WINDOW#${windowStart}` }, 1, expiresAt);
  }
}
