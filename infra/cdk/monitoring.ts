import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/**
 * A few alarms that mean "someone should look": the API answering 5xx, a function failing or
 * being throttled, DynamoDB throttling. Wire them to a topic or pager of your choice.
 */
export function addAlarms(scope: Construct, api: RestApi, functions: Map<string, IFunction>, table: Table): void {
  const alarm = (id: string, metric: IMetric, threshold: number, description: string) =>
    new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
  const fiveMinutes = { period: Duration.minutes(5), statistic: 'Sum' };

  alarm('Api5xxAlarm', api.metricServerError(fiveMinutes), 5, 'The API answered 5xx five times in five minutes');
  for (const [name, fn] of functions) {
    alarm(`${name}ErrorsAlarm`, fn.metricErrors(fiveMinutes), 1, `Function ${name} failed`);
    alarm(`${name}ThrottlesAlarm`, fn.metricThrottles(fiveMinutes), 1, `Function ${name} was throttled by Lambda`);
  }
  alarm('TableThrottlesAlarm', table.metricThrottledRequestsForOperations({ ...fiveMinutes, operations: [Operation.GET_ITEM, Operation.UPDATE_ITEM, Operation.PUT_ITEM, Operation.QUERY] }), 1, 'DynamoDB throttled requests');
}
