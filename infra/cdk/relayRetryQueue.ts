import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledgeDeadLetterQueue } from './guardAcknowledgements';
import { notifyingAlarm } from './monitoring';

/**
 * The relay's retry queue: SQS FIFO with one message group per webhook, so one consumer at a time
 * drains a webhook's deliveries in order. A message only names the webhook (deliveries stay in the
 * table); one dead-lettered after many turns means a webhook stuck for hours, which alarms.
 */
export function relayRetryQueue(
  scope: Construct,
  fn: NodejsFunction,
  topic: ITopic,
  removalPolicy: RemovalPolicy,
): Queue {
  const common = { fifo: true, encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, removalPolicy };
  const deadLetters = new Queue(scope, 'RelayRetryDeadLetters', { ...common, retentionPeriod: Duration.days(14) });
  acknowledgeDeadLetterQueue(deadLetters);
  const queue = new Queue(scope, 'RelayRetryQueue', {
    ...common,
    // Longer than a drain can run (the function's timeout), so a kick is never handed to two consumers.
    visibilityTimeout: Duration.seconds(Math.max(60, 6 * (fn.timeout?.toSeconds() ?? 15))),
    retentionPeriod: Duration.days(4),
    // Each delivery gives up after 10 attempts (at most 10 minutes apart): a kick handed back 200 times is stuck.
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: 200 },
  });
  queue.grantSendMessages(fn);
  fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
  fn.addEnvironment('RETRY_QUEUE_URL', queue.queueUrl);
  retryAlarms(scope, queue, deadLetters, topic);
  return queue;
}

function retryAlarms(scope: Construct, queue: Queue, deadLetters: Queue, topic: ITopic): void {
  const period = Duration.minutes(5);
  notifyingAlarm(
    scope,
    'RelayRetryDeadLettersAlarm',
    topic,
    deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
    1,
    "A Discord webhook's retry queue was stuck for hours: its kick is in the dead-letter queue (the deliveries " +
      'stay replayable: npm run webhooks -- list --failed)',
  );
  notifyingAlarm(
    scope,
    'RelayRetryBacklogAlarm',
    topic,
    queue.metricApproximateAgeOfOldestMessage({ period, statistic: 'Maximum' }),
    3600,
    'The relay has been retrying deliveries to Discord for an hour: Discord is down or a webhook is rate ' +
      'limited for long',
  );
}
