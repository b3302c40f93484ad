import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { listingIndexes, tableSchema } from '../../shared/store/schema';

export interface DataTableProps {
  /** RETAIN (default) keeps keys, bots and webhook records when the stack is deleted. */
  removalPolicy?: RemovalPolicy;
}

/** The single table, built from the same schema description the local server uses. */
export function dataTable(scope: Construct, props: DataTableProps = {}): Table {
  const { partitionKey, sortKey, ttlAttribute } = tableSchema;
  const table = new Table(scope, 'Data', {
    partitionKey: { name: partitionKey, type: AttributeType.STRING },
    sortKey: { name: sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: TableEncryption.AWS_MANAGED,
    timeToLiveAttribute: ttlAttribute,
    removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    deletionProtection: (props.removalPolicy ?? RemovalPolicy.RETAIN) === RemovalPolicy.RETAIN,
  });
  for (const index of listingIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
  return table;
}
