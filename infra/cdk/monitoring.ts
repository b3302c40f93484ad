import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type Table } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { RELAY_METRICS } from '../../shared/webhooks/relayMetrics';

const PERIOD = Duration.minutes(5);
/** Every operation the data layer calls. */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
  Operation.BATCH_WRITE_ITEM,
];

/** The most metrics CloudWatch takes in one alarm's math. */
const MAX_ALARM_METRICS = 10;

/** One metric summed over every function: one alarm says "a function failed", whichever it was. */
function acrossFunctions(functions: IFunction[], metricOf: (fn: IFunction) => IMetric, label: string): IMetric {
  // CloudWatch takes at most 10 metrics in an alarm's math: more would fail the deploy, not the synth.
  if (functions.length > MAX_ALARM_METRICS)
    throw new Error(
      `${label}: ${functions.length} functions, more than the ${MAX_ALARM_METRICS} metrics one alarm may sum; ` +
        'split the alarm',
    );
  return new MathExpression({
    expression: 'SUM(METRICS())',
    usingMetrics: Object.fromEntries(functions.map((fn, i) => [`m${i}`, metricOf(fn)])),
    period: PERIOD,
    label,
  });
}

/** An alarm that tells the topic when it fires and when it clears. */
export function notifyingAlarm(
  scope: Construct,
  id: string,
  topic: ITopic,
  metric: IMetric,
  threshold: number,
  description: string,
): Alarm {
  const created = new Alarm(scope, id, {
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: description,
  });
  const notify = new SnsAction(topic);
  created.addAlarmAction(notify);
  created.addOkAction(notify);
  return created;
}

/**
 * Six alarms that each mean "someone should look": the API answering 5xx or slowly, a function
 * failing or throttled by Lambda, DynamoDB throttling, the relay braking before Discord's ban.
 * Each tells the topic when it fires and when it clears, so nobody has to watch a console.
 * Callers over their quota (429) are the limiter working, not an alarm.
 */
export function addAlarms(
  scope: Construct,
  api: RestApi,
  functions: Map<string, IFunction>,
  table: Table,
  topic: ITopic,
): void {
  const alarm = (id: string, metric: IMetric, threshold: number, description: string) =>
    notifyingAlarm(scope, id, topic, metric, threshold, description);
  const sum = { period: PERIOD, statistic: 'Sum' };
  const all = [...functions.values()];

  alarm('Api5xxAlarm', api.metricServerError(sum), 5, 'The API answered 5xx five times in five minutes');
  // Picture fetches give up after 5 s: a p99 of 10 s means functions fail slowly or Discord stalls the relay.
  alarm(
    'ApiLatencyAlarm',
    api.metricLatency({ period: PERIOD, statistic: 'p99' }),
    10_000,
    'The slowest 1% of API answers took 10 s or more over five minutes',
  );
  alarm(
    'FunctionErrorsAlarm',
    acrossFunctions(all, (fn) => fn.metricErrors(sum), 'Function errors'),
    1,
    'A function (see its log group) failed',
  );
  alarm(
    'FunctionThrottlesAlarm',
    acrossFunctions(all, (fn) => fn.metricThrottles(sum), 'Function throttles'),
    1,
    'Lambda throttled a function: concurrency is exhausted',
  );
  alarm(
    'TableThrottlesAlarm',
    table.metricThrottledRequestsForOperations({ ...sum, operations: TABLE_OPERATIONS }),
    1,
    'DynamoDB throttled requests',
  );
  // EMF in the relay's log line (shared/webhooks/pairGuard.ts): close to Discord's ban on invalid requests.
  alarm(
    'RelayBrakeAlarm',
    new Metric({ namespace: RELAY_METRICS.namespace, metricName: RELAY_METRICS.brakeRefusals, ...sum }),
    1,
    "The webhook relay stopped trying unknown webhooks: Discord's invalid answers neared its ban limit (flood " +
      'of made-up webhook URLs?)',
  );
}
