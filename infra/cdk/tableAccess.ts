import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';

/**
 * What each function may do on the table, by the records it touches: every function counts
 * requests (one UpdateItem on RATE# items); the authorizer also reads key records by hash.
 * Grants name actions and key prefixes (dynamodb:LeadingKeys), never dynamodb:* or "*".
 */
export type TableNeed = 'countRequests' | 'readKeys';

const NEEDS: Record<TableNeed, { actions: string[]; leadingKeys: string[]; indexes?: boolean }> = {
  countRequests: { actions: ['dynamodb:UpdateItem'], leadingKeys: ['RATE#*'] },
  readKeys: { actions: ['dynamodb:GetItem'], leadingKeys: ['KEY#*'] },
};

export function grantTable(table: ITable, grantee: IGrantable, needs: TableNeed[]): void {
  for (const need of needs) {
    const { actions, leadingKeys, indexes } = NEEDS[need];
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions,
        resources: indexes ? [table.tableArn, `${table.tableArn}/index/*`] : [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
      }),
    );
  }
}
