import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { guarded } from './errors';
import { tableSchema } from './schema';
import { partitionKey, recordKinds } from './recordKinds';

/**
 * What became of a provider delivery (the relay's log, kept 7 days). `queued`: Discord refused it
 * for a while (or its webhook's queue was not empty); it is retried automatically, in order.
 */
export const deliveryOutcomes = [
  'pending',
  'forwarded',
  'ignored',
  'rejected',
  'rateLimited',
  'failed',
  'queued',
] as const;
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

/** Outcomes where Discord, not the delivery, was at fault: the message is kept for a replay (or the queue's retry). */
export const REPLAYABLE: readonly DeliveryOutcome[] = ['failed', 'rateLimited', 'queued'];

export interface DeliveryKey {
  webhookId: string;
  provider: string;
  /** The provider's own id of the delivery (X-GitHub-Delivery, ...), or one the relay made up. */
  deliveryId: string;
  /**
   * The SHA-256 of the Discord token it came with (the pair guard's): a delivery is its pair's, so
   * a stranger's post under the same delivery id (and a wrong token) never shadows the owner's.
   * Absent on records logged before tokens keyed the log: they keep their own (older) keys.
   */
  tokenHash?: string;
  /**
   * Signed deliveries: the SHA-256 of the signature header. The claim takes it too, so a copy
   * re-sent under a new delivery id is still a duplicate; it is kept on the record, so a replay
   * finishes the signature's claim along with the delivery's.
   */
  signatureHash?: string;
}

/** A delivery as logged; rows are read through it (the table's own attributes dropped). */
const deliveryRecord = z.object({
  webhookId: z.string(),
  provider: z.string(),
  deliveryId: z.string(),
  signatureHash: z.optional(z.string()),
  tokenHash: z.optional(z.string()),
  event: z.string(),
  outcome: z.enum(deliveryOutcomes),
  receivedAt: z.string(),
  updatedAt: z.string(),
  discordStatus: z.optional(z.number()),
  /** Discord's error when it refused the message as invalid ("50035 Invalid Form Body"), bounded. */
  discordError: z.optional(z.string()),
  /** Replayable deliveries only: the rendered Discord message and the sealed webhook token. */
  message: z.optional(z.unknown()),
  sealedToken: z.optional(z.string()),
  /** Queued deliveries: attempts made so far, and when the next may be made (ISO). */
  attempts: z.optional(z.number()),
  retryAt: z.optional(z.string()),
});
export type DeliveryRecord = z.output<typeof deliveryRecord>;

/** What a replay needs: the rendered Discord message and the sealed webhook token. */
export interface KeptMessage {
  message: unknown;
  sealedToken: string;
}

/**
 * What a claim found. `inFlight`: another attempt holds the delivery; in `retryAfterSeconds` it has
 * either logged its outcome or its claim is stale and may be taken over.
 */
export type Claim = { kind: 'claimed' } | { kind: 'duplicate' } | { kind: 'inFlight'; retryAfterSeconds: number };

export interface FinishDetails {
  discordStatus?: number;
  /** What Discord said when it refused the message as invalid. */
  discordError?: string;
  kept?: KeptMessage;
  /** A queued delivery's attempts so far and the time of its next one. */
  retry?: { attempts: number; at: Date };
}

export interface DeliveryLog {
  /**
   * Claims a delivery before forwarding it: `duplicate` when it was forwarded, ignored or queued
   * already, `inFlight` while another attempt holds its claim (it may yet fail or die: the caller
   * must not acknowledge it as done). A delivery to forward is claimed with what a replay needs,
   * so even an attempt that dies before it logs its outcome leaves something to replay.
   */
  claim(key: DeliveryKey, event: string, now: Date, kept?: KeptMessage): Promise<Claim>;
  /**
   * Records the outcome; a replayable one keeps the message (and stays listed), any other drops it.
   * `kept`: what a replay needs, stored with a replayable outcome (the relay seals the token only then).
   */
  finish(
    key: DeliveryKey,
    outcome: Exclude<DeliveryOutcome, 'pending'>,
    now: Date,
    details?: FinishDetails,
  ): Promise<void>;
  /** Takes a replayable delivery for a replay (back to pending); undefined when it is not replayable (any more). */
  claimReplay(key: DeliveryKey, now: Date): Promise<DeliveryRecord | undefined>;
  /** One delivery's record, if it is (still) logged. */
  get(key: DeliveryKey): Promise<DeliveryRecord | undefined>;
  /** Deliveries that kept their message (failed, rate limited, or still pending), newest first. */
  listKept(): Promise<DeliveryRecord[]>;
  /** One webhook's whole log, newest first. */
  listForWebhook(webhookId: string): Promise<DeliveryRecord[]>;
  /**
   * One webhook's `limit` latest deliveries (by when they were
   * claimed), newest first: one Query reading at most `limit` items.
   */
  latestForWebhook(webhookId: string, limit: number): Promise<DeliveryRecord[]>;
  /**
   * One webhook's `limit` latest deliveries of one outcome, newest first: one Query reading at most
   * OUTCOME_SCAN of its latest deliveries (older ones of that outcome are not found).
   */
  latestWithOutcome(webhookId: string, outcome: DeliveryOutcome, limit: number): Promise<DeliveryRecord[]>;
  /** A webhook's deliveries of one provider's delivery id, whatever token they came with. */
  find(webhookId: string, provider: string, deliveryId: string): Promise<DeliveryRecord[]>;
  /** Deletes a delivery's claims (its own and its signature's): Discord refused its pair, so it leaves no record. */
  forget(key: DeliveryKey): Promise<void>;
}

const KEEP_SECONDS = 7 * 86_400;
/** Deliveries a search by outcome reads at most (a filter is applied after DynamoDB's Limit). */
export const OUTCOME_SCAN = 200;
/** A claim older than this was left by a crashed attempt; the provider's retry (or a replay) may take it over. */
const STALE_CLAIM_MS = 60_000;
/** Claims last updated before this (ISO) are stale. */
const staleBefore = (now: Date) => new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
/** Whether an attempt holds the delivery right now: pending, and claimed (or replayed) less than a minute ago. */
export const isInFlight = (record: DeliveryRecord, now: Date): boolean =>
  record.outcome === 'pending' && record.updatedAt >= staleBefore(now);
/** Seconds until an attempt's claim goes stale (at least 1). */
const secondsUntilStale = (updatedAt: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(updatedAt) + STALE_CLAIM_MS - now.getTime()) / 1000));
/**
 * Outcomes that settle a delivery for good: a provider's retry of
 * it is a duplicate (a queued one is the retry queue's to post).
 */
const SETTLED: readonly DeliveryOutcome[] = ['forwarded', 'ignored', 'queued'];
/** Seconds a claim that lost a race with a change of the record asks the provider to wait before trying again. */
const RACED_RETRY_SECONDS = 1;
/** Whether a kept delivery may be replayed now: Discord was at fault, or its attempt died over a minute ago. */
export const isReplayable = (record: DeliveryRecord, now: Date): boolean =>
  record.message !== undefined &&
  (REPLAYABLE.includes(record.outcome) || (record.outcome === 'pending' && record.updatedAt < staleBefore(now)));

/** The sparse listing of deliveries that keep a message (gsi1): what `npm run webhooks -- list --failed` reads. */
const KEPT_PK = recordKinds.webhook.listing;
/**
 * The token's hash ends the key (after the delivery id, so one id's deliveries
 * under every token share a prefix); records from before have none.
 */
const tokenSuffix = (tokenHash: string | undefined) => (tokenHash === undefined ? '' : `#${tokenHash}`);
const deliveryPrefix = (provider: string, deliveryId: string) => `DELIVERY#${provider}#${deliveryId}`;
const keyOf = ({ webhookId, provider, deliveryId, tokenHash }: DeliveryKey) => ({
  pk: partitionKey('webhook', webhookId),
  sk: `${deliveryPrefix(provider, deliveryId)}${tokenSuffix(tokenHash)}`,
});
/** The signature's claim: beside the delivery's, outside its `DELIVERY#` listing; the pair's too. */
const signatureKeyOf = ({ webhookId, provider, tokenHash }: DeliveryKey, signatureHash: string) => ({
  pk: partitionKey('webhook', webhookId),
  sk: `SIGNED#${provider}#${signatureHash}${tokenSuffix(tokenHash)}`,
});
/**
 * The key a record was logged under (with the token's hash, or without it for
 * a record from before), for replaying a record found by its delivery id.
 */
export const deliveryKeyOf = ({
  webhookId,
  provider,
  deliveryId,
  tokenHash,
  signatureHash,
}: DeliveryRecord): DeliveryKey => ({
  webhookId,
  provider,
  deliveryId,
  ...(tokenHash !== undefined ? { tokenHash } : {}),
  ...(signatureHash !== undefined ? { signatureHash } : {}),
});
/** The sparse listing's entry of a kept delivery. */
const keptListing = (pk: string, sk: string, now: Date) => ({
  gsi1pk: KEPT_PK,
  gsi1sk: `${now.toISOString()}#${pk}#${sk}`,
});
/** Each webhook's log by the time of its claim (gsi2), for its dashboard; the signature's claims are not in it. */
const logPk = (webhookId: string) => `${partitionKey('webhook', webhookId)}${recordKinds.webhook.log}`;
const logListing = (webhookId: string, sk: string, now: Date) => ({
  gsi2pk: logPk(webhookId),
  gsi2sk: `${now.toISOString()}#${sk}`,
});

const toRecord = (item: Record<string, unknown>): DeliveryRecord => deliveryRecord.parse(item);

const newestFirst = (records: DeliveryRecord[]) => records.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

export class DynamoDeliveryLog implements DeliveryLog {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(key: DeliveryKey, event: string, now: Date, kept?: KeptMessage): Promise<Claim> {
    const { signatureHash, ...logged } = key;
    // The signature first: a copy under a new delivery id stops there.
    if (signatureHash !== undefined) {
      const signed = await this.claimItem({ ...signatureKeyOf(key, signatureHash), ...logged, event }, now);
      if (signed.kind !== 'claimed') return signed;
    }
    const { pk, sk } = keyOf(key);
    return this.claimItem(
      {
        pk,
        sk,
        ...key,
        event,
        ...logListing(key.webhookId, sk, now),
        ...(kept ? { ...kept, ...keptListing(pk, sk, now) } : {}),
      },
      now,
    );
  }

  /**
   * A conditional PutItem: new, or an earlier attempt that did
   * not get through (the provider is retrying), or a stale claim.
   */
  private async claimItem(item: Record<string, unknown> & { pk: string; sk: string }, now: Date): Promise<Claim> {
    try {
      await guarded('PutItem', () =>
        this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              ...item,
              outcome: 'pending',
              receivedAt: now.toISOString(),
              updatedAt: now.toISOString(),
              expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
            },
            // A queued delivery is the retry queue's to post: the provider's own retry of it is a duplicate.
            ConditionExpression:
              'attribute_not_exists(pk) OR NOT (outcome IN (:forwarded, :ignored, :pending, :queued)) OR ' +
              '(outcome = :pending AND updatedAt < :stale)',
            ExpressionAttributeValues: {
              ':forwarded': 'forwarded',
              ':ignored': 'ignored',
              ':pending': 'pending',
              ':queued': 'queued',
              ':stale': staleBefore(now),
            },
          }),
        ),
      );
      return { kind: 'claimed' };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return this.heldBy({ pk: item.pk, sk: item.sk }, now);
      throw error;
    }
  }

  /**
   * Why a claim was refused, read back (DynamoDB's ALL_OLD on a failed condition is not in every
   * store this runs on): settled for good, or held by an attempt that has not logged its outcome.
   * A record that changed meanwhile to anything else (a failure, gone) is answered as in flight
   * too: only a settled delivery is acknowledged.
   */
  private async heldBy(itemKey: { pk: string; sk: string }, now: Date): Promise<Claim> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: itemKey, ConsistentRead: true })),
    );
    const outcome = Item?.outcome as DeliveryOutcome | undefined;
    if (outcome !== undefined && SETTLED.includes(outcome)) return { kind: 'duplicate' };
    const pendingSince = outcome === 'pending' && typeof Item?.updatedAt === 'string' ? Item.updatedAt : undefined;
    return {
      kind: 'inFlight',
      retryAfterSeconds: pendingSince ? secondsUntilStale(pendingSince, now) : RACED_RETRY_SECONDS,
    };
  }

  async finish(
    key: DeliveryKey,
    outcome: Exclude<DeliveryOutcome, 'pending'>,
    now: Date,
    details: FinishDetails = {},
  ): Promise<void> {
    const { pk, sk } = keyOf(key);
    const replayable = REPLAYABLE.includes(outcome);
    const kept = replayable && details.kept ? { ...details.kept, ...keptListing(pk, sk, now) } : {};
    const values = {
      ':outcome': outcome,
      ':now': now.toISOString(),
      ...(details.discordStatus !== undefined ? { ':status': details.discordStatus } : {}),
    };
    const retry = details.retry ? { attempts: details.retry.attempts, retryAt: details.retry.at.toISOString() } : {};
    Object.assign(kept, retry, details.discordError !== undefined ? { discordError: details.discordError } : {});
    const set = [
      'outcome = :outcome',
      'updatedAt = :now',
      ...(details.discordStatus !== undefined ? ['discordStatus = :status'] : []),
      ...Object.keys(kept).map((name) => `${name} = :${name}`),
    ];
    const remove = replayable ? '' : ' REMOVE message, sealedToken, gsi1pk, gsi1sk';
    // The signature's claim first, as it is claimed first: if the delivery's own write then fails,
    // copies of a delivered message (under any delivery id) are still duplicates, not a second post
    // once the delivery's claim is stale. (dynalite has no transactions to write both at once.)
    if (key.signatureHash !== undefined)
      await this.update(signatureKeyOf(key, key.signatureHash), 'SET outcome = :outcome, updatedAt = :now', {
        ':outcome': outcome,
        ':now': now.toISOString(),
      });
    await this.update({ pk, sk }, `SET ${set.join(', ')}${remove}`, {
      ...values,
      ...Object.fromEntries(Object.entries(kept).map(([name, value]) => [`:${name}`, value])),
    });
  }

  private async update(
    itemKey: { pk: string; sk: string },
    UpdateExpression: string,
    ExpressionAttributeValues: Record<string, unknown>,
  ): Promise<void> {
    try {
      await guarded('UpdateItem', () =>
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: itemKey,
            UpdateExpression,
            // Never recreate an item the TTL removed meanwhile (it would have no expiry and no fields).
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues,
          }),
        ),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async claimReplay(key: DeliveryKey, now: Date): Promise<DeliveryRecord | undefined> {
    try {
      const { Attributes } = await guarded('UpdateItem', () =>
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keyOf(key),
            UpdateExpression: 'SET outcome = :pending, updatedAt = :now',
            // Only a replayable delivery that still has its message (or one whose replay crashed a while
            // ago): one replay (or provider retry) at a time.
            ConditionExpression:
              'attribute_exists(message) AND attribute_exists(sealedToken) AND (outcome IN (:failed, ' +
              ':rateLimited, :queued) OR (outcome = :pending AND updatedAt < :stale))',
            ExpressionAttributeValues: {
              ':pending': 'pending',
              ':now': now.toISOString(),
              ':failed': 'failed',
              ':rateLimited': 'rateLimited',
              ':queued': 'queued',
              ':stale': staleBefore(now),
            },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return Attributes ? toRecord(Attributes) : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async get(key: DeliveryKey): Promise<DeliveryRecord | undefined> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(key), ConsistentRead: true })),
    );
    return Item ? toRecord(Item) : undefined;
  }

  async listKept(): Promise<DeliveryRecord[]> {
    return this.queryAll({
      IndexName: tableSchema.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': KEPT_PK },
    });
  }

  async listForWebhook(webhookId: string): Promise<DeliveryRecord[]> {
    return this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partitionKey('webhook', webhookId), ':prefix': 'DELIVERY#' },
    });
  }

  async latestForWebhook(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    const { Items } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: tableSchema.gsi2.name,
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': logPk(webhookId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      ),
    );
    return (Items ?? []).map(toRecord);
  }

  async latestWithOutcome(webhookId: string, outcome: DeliveryOutcome, limit: number): Promise<DeliveryRecord[]> {
    const { Items } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: tableSchema.gsi2.name,
          KeyConditionExpression: 'gsi2pk = :pk',
          FilterExpression: 'outcome = :outcome',
          ExpressionAttributeValues: { ':pk': logPk(webhookId), ':outcome': outcome },
          ScanIndexForward: false,
          Limit: OUTCOME_SCAN,
        }),
      ),
    );
    return (Items ?? []).slice(0, limit).map(toRecord);
  }

  async find(webhookId: string, provider: string, deliveryId: string): Promise<DeliveryRecord[]> {
    // The prefix takes longer ids too (`abc` finds `abcd`): the id itself is compared on the records.
    const records = await this.queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': partitionKey('webhook', webhookId),
        ':prefix': deliveryPrefix(provider, deliveryId),
      },
    });
    return records.filter((record) => record.deliveryId === deliveryId);
  }

  async forget(key: DeliveryKey): Promise<void> {
    const itemKeys = [...(key.signatureHash !== undefined ? [signatureKeyOf(key, key.signatureHash)] : []), keyOf(key)];
    for (const Key of itemKeys)
      await guarded('DeleteItem', () => this.db.send(new DeleteCommand({ TableName: this.tableName, Key })));
  }

  private async queryAll(query: {
    IndexName?: string;
    KeyConditionExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
  }): Promise<DeliveryRecord[]> {
    const records: DeliveryRecord[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await guarded('Query', () =>
        this.db.send(new QueryCommand({ TableName: this.tableName, ...query, ExclusiveStartKey })),
      );
      records.push(...(page.Items ?? []).map(toRecord));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return newestFirst(records);
  }
}
