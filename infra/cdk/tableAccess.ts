import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { tableSchema } from '../../shared/store/schema';

/**
 * What each function may do on the table, by the records it touches: every function counts
 * requests (one UpdateItem on RATE# items); the authorizer also reads key records by hash.
 * Grants name actions and key prefixes (dynamodb:LeadingKeys), never dynamodb:* or "*".
 */
export type TableNeed = 'countRequests' | 'readKeys' | 'manageBots';

const NEEDS: Record<TableNeed, { actions: string[]; leadingKeys: string[]; indexes?: boolean }> = {
  countRequests: { actions: ['dynamodb:UpdateItem'], leadingKeys: ['RATE#*'] },
  readKeys: { actions: ['dynamodb:GetItem'], leadingKeys: ['KEY#*'] },
  // Bot records (BOT#<id>) and the public listings (partition BOTS of gsi1/gsi2).
  manageBots: {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'],
    leadingKeys: ['BOT#*', 'BOTS'],
    indexes: true,
  },
};

/** Beyond counting requests, which groups touch which records. */
export const GROUP_NEEDS: Partial<Record<string, TableNeed[]>> = { bots: ['manageBots'] };

export function grantTable(table: ITable, grantee: IGrantable, needs: TableNeed[]): void {
  for (const need of needs) {
    const { actions, leadingKeys, indexes } = NEEDS[need];
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions,
        resources: indexes ? [table.tableArn, ...[tableSchema.gsi1, tableSchema.gsi2].map((index) => `${table.tableArn}/index/${index.name}`)] : [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
      }),
    );
  }
}
