import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';

/** A signed-in dashboard browser. Stored by the hash of its cookie's id, so a table read gives no usable cookie. */
const sessionRecord = z.object({
  /** The account: a Discord user id (or, on the local server, a local name). */
  accountId: z.string(),
  /** What the dashboard calls the account (Discord's global name or username). */
  accountName: z.string(),
  /** The value every state-changing request must echo in X-CSRF-Token. */
  csrfToken: z.string(),
  createdAt: z.string(),
  /** Epoch seconds: DynamoDB's TTL deletes it some time after; reads refuse it at once. */
  expiresAt: z.number(),
});

export type SessionRecord = z.output<typeof sessionRecord>;

/** A session a request's cookie named, as the signed-in routes get it. */
export interface SignedIn extends SessionRecord {
  /** The SHA-256 of the cookie's id: the session's key in the table. */
  idHash: string;
}

export interface SessionStore {
  put(idHash: string, session: SessionRecord): Promise<void>;
  /** Undefined when absent or past its expiry (TTL deletion lags). */
  get(idHash: string, nowSeconds: number): Promise<SessionRecord | undefined>;
  delete(idHash: string): Promise<void>;
}

const SK = 'SESSION';
const keyOf = (idHash: string) => ({ pk: partitionKey('session', idHash), sk: SK });

export class DynamoSessionStore implements SessionStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(idHash: string, session: SessionRecord): Promise<void> {
    // A fresh random id never collides; the condition makes sure a session is never overwritten.
    await guarded('PutItem', () =>
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keyOf(idHash), ...session },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async get(idHash: string, nowSeconds: number): Promise<SessionRecord | undefined> {
    const { Item } = await guarded('GetItem', () =>
      this.db.send(new GetCommand({ TableName: this.tableName, Key: keyOf(idHash), ConsistentRead: true })),
    );
    if (!Item) return undefined;
    const session = sessionRecord.parse(Item);
    return session.expiresAt > nowSeconds ? session : undefined;
  }

  async delete(idHash: string): Promise<void> {
    await guarded('DeleteItem', () =>
      this.db.send(new DeleteCommand({ TableName: this.tableName, Key: keyOf(idHash) })),
    );
  }
}
