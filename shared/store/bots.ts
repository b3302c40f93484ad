import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BotCommand, BotStats, RegisterBot } from '../routes/schemas/bots';
import { guarded } from './errors';
import { tableSchema } from './schema';

/** A bot as stored: its profile, owner, latest stats and when it last sent a heartbeat. */
export interface BotProfile extends Omit<RegisterBot, 'public'> {
  clientId: string;
  public: boolean;
  ownerKeyId: string;
  createdAt: string;
  updatedAt: string;
  lastSeen?: string;
  stats?: BotStats & { updatedAt: string };
}

/** One hour of heartbeats: the last stats sent in that hour and how many heartbeats came. */
export interface StatsPoint extends BotStats {
  hour: string;
  beats: number;
}

export interface CommandList {
  commands: BotCommand[];
  updatedAt: string;
}

export type Refusal = 'notFound' | 'forbidden';
export type BotSort = 'name' | 'guilds';
export type ListingKey = Record<string, string>;

export interface BotStore {
  /** Creates (first key to register owns the bot) or replaces the profile; `forbidden` when another key owns it. */
  register(clientId: string, ownerKeyId: string, input: RegisterBot, now: Date): Promise<{ bot: BotProfile; created: boolean } | 'forbidden'>;
  get(clientId: string): Promise<BotProfile | undefined>;
  /** Public bots in name or guild order; `after` continues where a page ended. */
  list(options: { limit: number; sort: BotSort; tag?: string; after?: ListingKey }): Promise<{ bots: BotProfile[]; next?: ListingKey }>;
  heartbeat(clientId: string, ownerKeyId: string, stats: BotStats, now: Date): Promise<BotProfile | Refusal>;
  history(clientId: string, hours: number): Promise<StatsPoint[]>;
  putCommands(clientId: string, ownerKeyId: string, commands: BotCommand[], now: Date): Promise<CommandList | Refusal>;
  commands(clientId: string): Promise<CommandList | undefined>;
  /** Removes the bot and every record of it. */
  delete(clientId: string, ownerKeyId: string): Promise<true | Refusal>;
}

// Profile: pk BOT#<id>, sk PROFILE; public bots also carry the listing keys of gsi1 (by name)
// and gsi2 (by guild count, descending), so private bots are simply absent from both indexes.
// Commands: sk COMMANDS. Stats history: sk STATS#<hour>, with a TTL.
const PROFILE = 'PROFILE';
const COMMANDS = 'COMMANDS';
const LISTING = 'BOTS';
const HISTORY_HOURS = 24;
const MAX_GUILDS = 1e15;
const keyOf = (clientId: string) => `BOT#${clientId}`;
const nameKey = (name: string, clientId: string) => `${name.toLowerCase()}#${clientId}`;
const guildKey = (guilds: number, clientId: string) => `${String(MAX_GUILDS - Math.min(guilds, MAX_GUILDS)).padStart(16, '0')}#${clientId}`;
const hourOf = (now: Date) => `${now.toISOString().slice(0, 13)}:00:00.000Z`;
const OPTIONAL_FIELDS = ['description', 'avatar', 'inviteUrl', 'supportServer', 'website', 'version'] as const;
const INTERNAL = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt']);

const strip = <T>(item: Record<string, unknown>): T => Object.fromEntries(Object.entries(item).filter(([name]) => !INTERNAL.has(name))) as T;

export class DynamoBotStore implements BotStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async register(clientId: string, ownerKeyId: string, input: RegisterBot, now: Date) {
    const at = now.toISOString();
    const values: Record<string, unknown> = { ':me': ownerKeyId, ':now': at, ':clientId': clientId, ':name': input.name, ':public': input.public, ':tags': input.tags };
    const set = ['clientId = :clientId', '#name = :name', '#public = :public', 'tags = :tags', 'ownerKeyId = if_not_exists(ownerKeyId, :me)', 'createdAt = if_not_exists(createdAt, :now)', 'updatedAt = :now'];
    const remove: string[] = [];
    // Every optional field goes through a name placeholder: some are DynamoDB reserved words.
    const names: Record<string, string> = { '#name': 'name', '#public': 'public' };
    for (const field of OPTIONAL_FIELDS) {
      names[`#${field}`] = field;
      if (input[field] === undefined) remove.push(`#${field}`);
      else {
        set.push(`#${field} = :${field}`);
        values[`:${field}`] = input[field];
      }
    }
    if (input.public) {
      set.push('gsi1pk = :listing', 'gsi1sk = :nameKey', 'gsi2pk = :listing', 'gsi2sk = if_not_exists(gsi2sk, :noGuilds)');
      Object.assign(values, { ':listing': LISTING, ':nameKey': nameKey(input.name, clientId), ':noGuilds': guildKey(0, clientId) });
    } else {
      remove.push('gsi1pk', 'gsi2pk');
    }
    try {
      const { Attributes } = await guarded('UpdateItem', () =>
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { pk: keyOf(clientId), sk: PROFILE },
            // Two keys racing to register one bot: the condition lets exactly one own it.
            ConditionExpression: 'attribute_not_exists(pk) OR ownerKeyId = :me',
            UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      const bot = strip<BotProfile>(Attributes ?? {});
      return { bot, created: bot.createdAt === at };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'forbidden' as const;
      throw error;
    }
  }

  async get(clientId: string): Promise<BotProfile | undefined> {
    const { Item } = await guarded('GetItem', () => this.db.send(new GetCommand({ TableName: this.tableName, Key: { pk: keyOf(clientId), sk: PROFILE }, ConsistentRead: true })));
    return Item ? strip<BotProfile>(Item) : undefined;
  }

  async list({ limit, sort, tag, after }: { limit: number; sort: BotSort; tag?: string; after?: ListingKey }) {
    const index = sort === 'name' ? tableSchema.gsi1 : tableSchema.gsi2;
    const bots: BotProfile[] = [];
    let start: ListingKey | undefined = after;
    // A tag filter may drop most of a page: read on, in pages of what is still missing, a bounded
    // number of times; the cursor is where reading stopped, so nothing is skipped or repeated.
    for (let reads = 0; reads < 10 && bots.length < limit; reads += 1) {
      const page = await guarded('Query', () =>
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            IndexName: index.name,
            KeyConditionExpression: '#pk = :listing',
            ExpressionAttributeNames: { '#pk': index.partitionKey, ...(tag ? { '#tags': 'tags' } : {}) },
            ExpressionAttributeValues: { ':listing': LISTING, ...(tag ? { ':tag': tag } : {}) },
            ...(tag ? { FilterExpression: 'contains(#tags, :tag)' } : {}),
            Limit: limit - bots.length,
            ExclusiveStartKey: start,
          }),
        ),
      );
      bots.push(...(page.Items ?? []).map((item) => strip<BotProfile>(item)));
      start = page.LastEvaluatedKey as ListingKey | undefined;
      if (!start) break;
    }
    return { bots, next: start };
  }

  async heartbeat(clientId: string, ownerKeyId: string, stats: BotStats, now: Date): Promise<BotProfile | Refusal> {
    const at = now.toISOString();
    let profile: BotProfile;
    try {
      const { Attributes } = await guarded('UpdateItem', () =>
        this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { pk: keyOf(clientId), sk: PROFILE },
            ConditionExpression: 'ownerKeyId = :me',
            UpdateExpression: 'SET lastSeen = :now, stats = :stats, gsi2sk = :guildKey',
            ExpressionAttributeValues: { ':me': ownerKeyId, ':now': at, ':stats': { ...stats, updatedAt: at }, ':guildKey': guildKey(stats.guilds ?? 0, clientId) },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      profile = strip<BotProfile>(Attributes ?? {});
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return this.refusal(clientId);
      throw error;
    }
    const hour = hourOf(now);
    const fields = Object.entries(stats);
    await guarded('UpdateItem', () =>
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: keyOf(clientId), sk: `STATS#${hour}` },
          UpdateExpression: `SET #hour = :hour, expiresAt = :expires${fields.map(([name]) => `, #${name} = :${name}`).join('')} ADD beats :one`,
          ExpressionAttributeNames: { '#hour': 'hour', ...Object.fromEntries(fields.map(([name]) => [`#${name}`, name])) },
          ExpressionAttributeValues: {
            ':hour': hour,
            ':expires': Math.floor(Date.parse(hour) / 1000) + (HISTORY_HOURS + 1) * 3600,
            ':one': 1,
            ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
          },
        }),
      ),
    );
    return profile;
  }

  async history(clientId: string, hours: number): Promise<StatsPoint[]> {
    const { Items } = await guarded('Query', () =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :stats)',
          ExpressionAttributeValues: { ':pk': keyOf(clientId), ':stats': 'STATS#' },
          ScanIndexForward: false,
          Limit: hours,
        }),
      ),
    );
    return (Items ?? []).map((item) => strip<StatsPoint>(item)).reverse();
  }

  async putCommands(clientId: string, ownerKeyId: string, commands: BotCommand[], now: Date): Promise<CommandList | Refusal> {
    const profile = await this.get(clientId);
    if (!profile) return 'notFound';
    if (profile.ownerKeyId !== ownerKeyId) return 'forbidden';
    const list = { commands, updatedAt: now.toISOString() };
    await guarded('PutItem', () => this.db.send(new PutCommand({ TableName: this.tableName, Item: { pk: keyOf(clientId), sk: COMMANDS, ...list } })));
    return list;
  }

  async commands(clientId: string): Promise<CommandList | undefined> {
    const { Item } = await guarded('GetItem', () => this.db.send(new GetCommand({ TableName: this.tableName, Key: { pk: keyOf(clientId), sk: COMMANDS } })));
    return Item ? strip<CommandList>(Item) : undefined;
  }

  async delete(clientId: string, ownerKeyId: string): Promise<true | Refusal> {
    try {
      await guarded('DeleteItem', () =>
        this.db.send(
          new DeleteCommand({ TableName: this.tableName, Key: { pk: keyOf(clientId), sk: PROFILE }, ConditionExpression: 'ownerKeyId = :me', ExpressionAttributeValues: { ':me': ownerKeyId } }),
        ),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return this.refusal(clientId);
      throw error;
    }
    // The profile is gone (so the bot is 404 everywhere); now its commands and history.
    let start: Record<string, unknown> | undefined;
    do {
      const page = await guarded('Query', () =>
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keyOf(clientId) },
            ProjectionExpression: 'pk, sk',
            ExclusiveStartKey: start,
          }),
        ),
      );
      const keys = (page.Items ?? []).map(({ pk, sk }) => ({ pk, sk }));
      for (let i = 0; i < keys.length; i += 25) await this.deleteBatch(keys.slice(i, i + 25));
      start = page.LastEvaluatedKey;
    } while (start);
    return true;
  }

  private async deleteBatch(keys: Record<string, unknown>[]): Promise<void> {
    let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 5)));
      if (attempt > 8) throw new Error(`could not delete ${requests.length} records after retries`);
      const { UnprocessedItems } = await guarded('BatchWriteItem', () => this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: requests } })));
      requests = (UnprocessedItems?.[this.tableName] ?? []) as typeof requests;
    }
  }

  private async refusal(clientId: string): Promise<Refusal> {
    return (await this.get(clientId)) ? 'forbidden' : 'notFound';
  }
}
