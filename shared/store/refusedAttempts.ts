import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guarded } from './errors';
import { addToCounter } from './windowCounter';
import { partitionKey } from './recordKinds';

/**
 * Deliveries Discord refused for a webhook (or the relay refused from memory, pairGuard.ts),
 * counted per webhook and hour in one item rather than logged apiece, so a stranger posting made-up
 * tokens can neither flood the owner's log nor hide in it.
 */
export interface RefusedAttemptCounter {
  add(webhookId: string, now: Date): Promise<void>;
  /** The refused attempts of the last 24 hours (this hour and the 23 before). */
  lastDay(webhookId: string, now: Date): Promise<number>;
}

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;
/** An hour's key: its start, to the hour (`2026-11-27T04`), so keys sort by time. */
const hourKey = (ms: number) => `ATTEMPTS#${new Date(ms - (ms % HOUR_MS)).toISOString().slice(0, 13)}`;

export class DynamoRefusedAttemptCounter implements RefusedAttemptCounter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async add(webhookId: string, now: Date): Promise<void> {
    // Kept a day past its hour: read only while it is in the last 24 hours.
    const expiresAt = Math.floor(now.getTime() / 1000) + (DAY_HOURS + 1) * 3600;
    await addToCounter(
      this.db,
      this.tableName,
      { pk: partitionKey('webhook', webhookId), sk: hourKey(now.getTime()) },
      1,
      expiresAt,
    );
  }

  async lastDay(webhookId: string, now: Date): Promise<number> {
    const { Items } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': partitionKey('webhook', webhookId),
            ':from': hourKey(now.getTime() - (DAY_HOURS - 1) * HOUR_MS),
            ':to': hourKey(now.getTime()),
          },
        }),
      ),
    );
    return (Items ?? []).reduce((total, item) => total + Number(item.count ?? 0), 0);
  }
}
