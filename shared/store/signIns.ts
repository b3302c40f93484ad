import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { guarded } from './errors';
import { partitionKey } from './recordKinds';

/** A sign-in under way: what the callback needs to finish it, stored by the hash of its OAuth2 state. */
const signInRecord = z.object({
  /** The PKCE code verifier (RFC 7636): sent with the code, so a stolen code alone is useless. */
  verifier: z.string(),
  /** The redirect URI the authorization request named: the token request must repeat it exactly. */
  redirectUri: z.string(),
  /** Epoch seconds. */
  expiresAt: z.number(),
});

export type SignInRecord = z.output<typeof signInRecord>;

export interface SignInStore {
  put(stateHash: string, signIn: SignInRecord): Promise<void>;
  /** Removes and returns the sign-in: a state is good once. Undefined when unknown, used or expired. */
  take(stateHash: string, nowSeconds: number): Promise<SignInRecord | undefined>;
}

const SK = 'SIGNIN';
const keyOf = (stateHash: string) => ({ pk: partitionKey('signIn', stateHash), sk: SK });

export class DynamoSignInStore implements SignInStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(stateHash: string, signIn: SignInRecord): Promise<void> {
    await guarded('PutItem', () =>
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keyOf(stateHash), ...signIn },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async take(stateHash: string, nowSeconds: number): Promise<SignInRecord | undefined> {
    try {
      // One conditional delete: of two callbacks racing with the same state, exactly one gets the record.
      const { Attributes } = await guarded('DeleteItem', () =>
        this.db.send(
          new DeleteCommand({
            TableName: this.tableName,
            Key: keyOf(stateHash),
            ConditionExpression: 'attribute_exists(pk)',
            ReturnValues: 'ALL_OLD',
          }),
        ),
      );
      const signIn = Attributes ? signInRecord.parse(Attributes) : undefined;
      return signIn && signIn.expiresAt > nowSeconds ? signIn : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
