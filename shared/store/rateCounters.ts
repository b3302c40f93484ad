import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { addToCounter } from './windowCounter';
import { partitionKey } from './recordKinds';

export interface RateCounterStore {
  /**
   * Atomically adds one to the count of (principal, window) and returns it. `keepUntil` (unix s)
   * is when the count may be deleted (the hour's item is kept at least until the hour is over).
   */
  increment(principal: string, windowStart: number, keepUntil: number, at?: number): Promise<number>;
  /** Every counted window of the principal starting from `from` to `to` (unix s): count by window start. */
  counts(principal: string, from: number, to: number): Promise<Map<number, number>>;
  /** The counts, and the latest `at` an increment in those windows' hours recorded (unix s), if any did. */
  usage(principal: string, from: number, to: number): Promise<WindowUsage>;
}

export interface WindowUsage {
  counts: Map<number, number>;
  lastAt?: number;
}

const HOUR = 3600;
const hourOf = (seconds: number) => seconds - (seconds % HOUR);
const hourKey = (hourStart: number) => `HOUR#${hourStart}`;
/** A window's count is the attribute named by its start's offset in the hour: w0, w60, ... w3540. */
const WINDOW_ATTRIBUTE = /^w(\d+)$/;

/**
 * One item per principal and hour holding a count per window (minute) of that hour. The limiter's
 * one UpdateItem per request (ADD on this minute's attribute) is thereby also the usage record the
 * dashboard charts: requests per minute, hour and day, with those over the limit refused (429). The
 * item stays small (at most 60 numbers: one write unit), and TTL deletes it once it is not needed.
 */
export class DynamoRateCounterStore implements RateCounterStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  increment(principal: string, windowStart: number, keepUntil: number, at?: number): Promise<number> {
    const hourStart = hourOf(windowStart);
    const key = { pk: partitionKey('rateCounter', principal), sk: hourKey(hourStart) };
    return addToCounter(
      this.db,
      this.tableName,
      key,
      1,
      Math.max(keepUntil, hourStart + HOUR + 60),
      `w${windowStart - hourStart}`,
      at,
    );
  }

  async counts(principal: string, from: number, to: number): Promise<Map<number, number>> {
    return (await this.usage(principal, from, to)).counts;
  }

  async usage(principal: string, from: number, to: number): Promise<WindowUsage> {
    const counts = new Map<number, number>();
    let lastAt: number | undefined;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await guarded('Query', () =>
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': partitionKey('rateCounter', principal),
              ':from': hourKey(hourOf(from)),
              ':to': hourKey(hourOf(to)),
            },
            ExclusiveStartKey: startKey,
          }),
        ),
      );
      for (const item of page.Items ?? []) {
        const hourStart = Number(String(item.sk).slice('HOUR#'.length));
        for (const [name, value] of Object.entries(item)) {
          const offset = WINDOW_ATTRIBUTE.exec(name)?.[1];
          const start = hourStart + Number(offset);
          if (offset !== undefined && start >= from && start <= to) counts.set(start, Number(value));
        }
        if (typeof item.lastAt === 'number') lastAt = Math.max(lastAt ?? 0, item.lastAt);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return { counts, ...(lastAt === undefined ? {} : { lastAt }) };
  }
}
