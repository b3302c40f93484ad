import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { TableNeed } from '../../shared/runtime/groupManifest';
import { keyPrincipal } from '../../shared/access/rateLimiter';
import { partitionKey, recordKinds, type RecordKind } from '../../shared/store/recordKinds';
import { listingIndexes } from '../../shared/store/schema';

/** Every item of a kind, as a dynamodb:LeadingKeys pattern. */
const anyOf = (kind: RecordKind) => `${recordKinds[kind].prefix}*`;

/**
 * What each function may do on the table, by the records it touches: every function counts
 * requests (one UpdateItem on RATE# items); the authorizer also reads key records by hash.
 * Grants name actions and key prefixes (dynamodb:LeadingKeys), never dynamodb:* or "*".
 */

interface Grant {
  actions: string[];
  leadingKeys: string[];
  /** On the listing indexes instead of the table (dynamodb:LeadingKeys is then the index's partition key). */
  onIndexes?: boolean;
}

/** Every function counts requests. */
const COUNT_REQUESTS: Grant = { actions: ['dynamodb:UpdateItem'], leadingKeys: [anyOf('rateCounter')] };

const NEEDS: Record<TableNeed, Grant[]> = {
  readKeys: [{ actions: ['dynamodb:GetItem'], leadingKeys: [anyOf('apiKey')] }],
  // Groups serving signed-in dashboard routes (auth: 'session') read the session their cookie names.
  readSessions: [{ actions: ['dynamodb:GetItem'], leadingKeys: [anyOf('session')] }],
  manageBots: [
    {
      actions: [
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:Query',
        'dynamodb:BatchWriteItem',
      ],
      leadingKeys: [anyOf('bot')],
    },
    // Public listings, and each account's own bots (gsi3, under ACCOUNT#).
    { actions: ['dynamodb:Query'], leadingKeys: [recordKinds.bot.listing, anyOf('account')], onIndexes: true },
  ],
  // The delivery log (claim, finish, forget), the webhook's signature secrets (read, replace,
  // remove), what Discord said of its tokens and its refused attempts (HOOK#); the count of
  // Discord's invalid answers (RELAY#); the webhooks an account registered (gsi3, under ACCOUNT#)
  // and a webhook's log by time for its dashboard (gsi2, under HOOK#).
  relayWebhooks: [
    {
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
      leadingKeys: [anyOf('webhook')],
    },
    { actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], leadingKeys: [anyOf('relay')] },
    { actions: ['dynamodb:Query'], leadingKeys: [anyOf('account'), anyOf('webhook')], onIndexes: true },
  ],
  // Sign-ins under way (taken once), sessions, the accounts' key slots, and their keys: created,
  // found by id (gsi1) or by account (gsi2), revoked.
  manageAccounts: [
    {
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
      leadingKeys: [anyOf('signIn'), anyOf('session')],
    },
    { actions: ['dynamodb:UpdateItem'], leadingKeys: [anyOf('account')] },
    { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], leadingKeys: [anyOf('apiKey')] },
    { actions: ['dynamodb:Query'], leadingKeys: [recordKinds.apiKey.listing, anyOf('account')], onIndexes: true },
    // A key's usage: the limiter's counts of keys (never of addresses or webhooks).
    { actions: ['dynamodb:Query'], leadingKeys: [partitionKey('rateCounter', keyPrincipal('*'))] },
  ],
};

export function grantTable(table: ITable, grantee: IGrantable, needs: TableNeed[]): void {
  for (const { actions, leadingKeys, onIndexes } of [COUNT_REQUESTS, ...needs.flatMap((need) => NEEDS[need])]) {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions,
        resources: onIndexes
          ? listingIndexes.map((index) => `${table.tableArn}/index/${index.name}`)
          : [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
      }),
    );
  }
}
