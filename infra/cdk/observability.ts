import { CfnOutput, Duration, type Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  MathExpression,
  type Metric,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { API_METRICS, DEFAULT_METRICS_NAMESPACE } from '../../shared/observability/metrics';

const PERIOD = Duration.minutes(5);
const WIDTH = 12;

/** Each stack (stage) its own namespace, so one stage's graphs never mix in another's. */
export const metricsNamespace = (stack: Stack) => `${DEFAULT_METRICS_NAMESPACE}/${stack.stackName}`;

/** The dashboard's name: the stack's, as CloudWatch takes it. */
export const dashboardName = (stack: Stack) => `${stack.stackName.replace(/[^\w-]/g, '-')}-operations`;

/**
 * Every series of a function metric whatever its dimensions' values (routes, providers, outcomes):
 * the dimension names are those the functions write (shared/observability), `service` included.
 */
const search = (namespace: string, name: string, dimensions: string[], statistic: string, label: string) =>
  new MathExpression({
    expression:
      `SEARCH('{${[namespace, 'service', ...dimensions].map((d) => `"${d}"`).join(',')}} ` +
      `MetricName="${name}"', '${statistic}', ${PERIOD.toSeconds()})`,
    usingMetrics: {},
    period: PERIOD,
    label,
  });

const graph = (title: string, left: IMetric[], right: IMetric[] = []) =>
  new GraphWidget({ title, left, right, width: WIDTH, height: 6 });

/**
 * The metrics' namespace on every function (POWERTOOLS_METRICS_NAMESPACE) and one CloudWatch
 * dashboard per stack: the functions' own metrics, API Gateway's, Lambda's per function, the
 * retry queue's, and every alarm of the stack. Its URL is a stack output. Call it last: it shows
 * the alarms and queues the stack has by then.
 */
export function operationsDashboard(stack: Stack, api: RestApi, functions: Map<string, IFunction>): Dashboard {
  const namespace = metricsNamespace(stack);
  for (const fn of functions.values())
    if (fn instanceof LambdaFunction) fn.addEnvironment('POWERTOOLS_METRICS_NAMESPACE', namespace);
  const sum = { period: PERIOD, statistic: 'Sum' };
  const all = [...functions];
  const perFunction = (title: string, metricOf: (fn: IFunction) => Metric) =>
    graph(
      title,
      all.map(([name, fn]) => metricOf(fn).with({ label: name })),
    );
  const queues = stack.node.findAll().filter((c): c is Queue => c instanceof Queue && c.node.id === 'RelayRetryQueue');
  const alarms = stack.node.findAll().filter((c): c is Alarm => c instanceof Alarm);
  const widgets: IWidget[][] = [
    [
      graph('Requests by route and status class', [
        search(namespace, API_METRICS.requests, ['route', 'statusClass'], 'Sum', 'Requests'),
      ]),
      graph('Render and PNG time (ms, p99)', [
        search(namespace, API_METRICS.renderTime, ['route'], 'p99', 'Render'),
        search(namespace, API_METRICS.pngTime, [], 'p99', 'PNG'),
      ]),
    ],
    [
      graph('Relay deliveries by provider and outcome', [
        search(namespace, API_METRICS.relayDeliveries, ['provider', 'outcome'], 'Sum', 'Deliveries'),
      ]),
      graph('Limiter refusals (429)', [search(namespace, API_METRICS.limiterRefusals, [], 'Sum', 'Refusals')]),
    ],
    [
      graph(
        'Retry queue: depth and oldest kick (s)',
        [
          ...queues.map((q) => q.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' })),
          search(namespace, API_METRICS.retryKicks, [], 'Sum', 'Kicks consumed'),
        ],
        [
          ...queues.map((q) => q.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' })),
          search(namespace, API_METRICS.retryOldestAge, [], 'Maximum', 'Oldest kick consumed'),
        ],
      ),
      graph(
        'API Gateway: requests, 4xx, 5xx',
        [api.metricCount(sum), api.metricClientError(sum), api.metricServerError(sum)],
        [api.metricLatency({ period: PERIOD, statistic: 'p99' })],
      ),
    ],
    [
      perFunction('Lambda invocations', (fn) => fn.metricInvocations(sum)),
      perFunction('Lambda errors', (fn) => fn.metricErrors(sum)),
    ],
    [
      perFunction('Lambda duration (p99, ms)', (fn) => fn.metricDuration({ period: PERIOD, statistic: 'p99' })),
      perFunction('Lambda throttles', (fn) => fn.metricThrottles(sum)),
    ],
    [new AlarmStatusWidget({ title: 'Alarms', alarms, width: 2 * WIDTH, height: 4 })],
  ];
  const name = dashboardName(stack);
  const dashboard = new Dashboard(stack, 'OperationsDashboard', { dashboardName: name, widgets });
  new CfnOutput(stack, 'CloudWatchDashboardUrl', {
    value:
      `https://${stack.region}.console.aws.amazon.com/cloudwatch/home?region=${stack.region}` +
      `#dashboards:name=${name}`,
    description: 'The CloudWatch dashboard: requests, renders, relay deliveries, retry queue, functions, alarms',
  });
  return dashboard;
}
