import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { guarded } from './errors';
import { partitionKey, recordKinds } from './recordKinds';
import { tableSchema } from './schema';

/**
 * Relay attempts that leave no delivery in the log (deliveries.ts): a signature the relay refused,
 * and a copy of a delivery it had already taken (a duplicate).
 */
export const attemptOutcomes = ['signatureRefused', 'duplicate'] as const;
export type AttemptOutcome = (typeof attemptOutcomes)[number];

/** What the relay knows of an attempt when it decides it: never the body, a secret, a token or a signature. */
export interface Attempt {
  outcome: AttemptOutcome;
  provider: string;
  /** Read from a verified delivery only (a duplicate); a refused signature's delivery is not read. */
  event?: string;
  deliveryId?: string;
}

/**
 * Attempts of one outcome within one minute, as one item: how many, the first and last time, and
 * what the last one was. Rows are read through it.
 */
const attemptRecord = z.object({
  webhookId: z.string(),
  outcome: z.enum(attemptOutcomes),
  provider: z.string(),
  event: z.optional(z.string()),
  deliveryId: z.optional(z.string()),
  count: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type AttemptRecord = z.output<typeof attemptRecord>;

export interface DeliveryAttemptLog {
  /** Counts the attempt into its outcome's item for the current minute: one UpdateItem of a bounded item. */
  record(webhookId: string, attempt: Attempt, now: Date): Promise<void>;
  /** The webhook's `limit` latest minutes with attempts of `outcome` in the last KEEP_HOURS hours, newest first. */
  latest(webhookId: string, outcome: AttemptOutcome, limit: number, now: Date): Promise<AttemptRecord[]>;
}

/** How long attempts are listed (and kept, plus an hour): the refused tokens' count covers the same day. */
export const KEEP_HOURS = 24;
const HOUR_MS = 3_600_000;
/** Longest event name or delivery id kept: they come from the provider's delivery, and items stay bounded. */
const FIELD_CHARACTERS = 100;

/** The minute an attempt falls in (`2026-11-27T12:05`): one item per outcome and minute. */
const minuteOf = (now: Date) => now.toISOString().slice(0, 16);
/** Each outcome's attempts by time (gsi2), beside the webhook's delivery log and apart from it. */
const listingPk = (webhookId: string, outcome: AttemptOutcome) =>
  `${partitionKey('webhook', webhookId)}${recordKinds.webhook.log}#${outcome}`;

const toRecord = (item: Record<string, unknown>): AttemptRecord => attemptRecord.parse(item);

export class DynamoDeliveryAttemptLog implements DeliveryAttemptLog {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async record(webhookId: string, attempt: Attempt, now: Date): Promise<void> {
    const sk = `ATTEMPT#${attempt.outcome}#${minuteOf(now)}`;
    const at = now.toISOString();
    const last = {
      provider: attempt.provider,
      ...(attempt.event !== undefined ? { event: attempt.event.slice(0, FIELD_CHARACTERS) } : {}),
      ...(attempt.deliveryId !== undefined ? { deliveryId: attempt.deliveryId.slice(0, FIELD_CHARACTERS) } : {}),
    };
    const values: Record<string, unknown> = {
      ':one': 1,
      ':webhookId': webhookId,
      ':outcome': attempt.outcome,
      ':at': at,
      ':expiresAt': Math.floor(now.getTime() / 1000) + (KEEP_HOURS + 1) * 3600,
      ':gsi2pk': listingPk(webhookId, attempt.outcome),
      ':gsi2sk': `${at}#${sk}`,
      ...Object.fromEntries(Object.entries(last).map(([name, value]) => [`:${name}`, value])),
    };
    // The last attempt's event and id replace the minute's earlier ones; one it does not have is removed.
    const cleared = (['event', 'deliveryId'] as const).filter((name) => !(name in last));
    const set = [
      'webhookId = :webhookId',
      'outcome = :outcome',
      'firstAt = if_not_exists(firstAt, :at)',
      'lastAt = :at',
      'expiresAt = :expiresAt',
      'gsi2pk = :gsi2pk',
      'gsi2sk = :gsi2sk',
      ...Object.keys(last).map((name) => `#${name} = :${name}`),
    ];
    const names = Object.fromEntries(['count', 'event', 'deliveryId', 'provider'].map((name) => [`#${name}`, name]));
    await guarded('UpdateItem', () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: partitionKey('webhook', webhookId), sk },
          UpdateExpression:
            `ADD #count :one SET ${set.join(', ')}` +
            (cleared.length ? ` REMOVE ${cleared.map((name) => `#${name}`).join(', ')}` : ''),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  async latest(webhookId: string, outcome: AttemptOutcome, limit: number, now: Date): Promise<AttemptRecord[]> {
    // Items past their day may linger until DynamoDB's TTL removes them: the key condition leaves them out.
    const since = new Date(now.getTime() - KEEP_HOURS * HOUR_MS).toISOString();
    const { Items } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: tableSchema.gsi2.name,
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :since',
          ExpressionAttributeValues: { ':pk': listingPk(webhookId, outcome), ':since': since },
          ScanIndexForward: false,
          Limit: limit,
        }),
      ),
    );
    return (Items ?? []).map(toRecord);
  }
}
