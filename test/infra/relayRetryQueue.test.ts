import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { groupManifests } from '../../functions/groups';
import { functionId } from '../../infra/cdk/functions';
import { resourcesOf, synthesised } from './synth';

/**
 * The relay's retry queue in the stack: SQS FIFO with a dead-letter queue,
 * consumed by the webhooks function with partial batch failures, alarmed.
 */
let template: Template;
beforeAll(async () => {
  ({ template } = await synthesised());
}, 120_000);

const logicalId = (prefix: string) =>
  Object.keys(template.toJSON().Resources).find((id) => new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id)) as string;
const ref = (id: string) => ({ Ref: id });

describe('relay retry queue', () => {
  test('FIFO (one group per webhook), encrypted, TLS only; its dead letters after 200 turns', () => {
    const queues = resourcesOf(template, 'AWS::SQS::Queue');
    const queue = queues[logicalId('RelayRetryQueue')]?.Properties;
    const dead = queues[logicalId('RelayRetryDeadLetters')]?.Properties;
    expect(queue).toMatchObject({
      FifoQueue: true,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 90,
      RedrivePolicy: {
        maxReceiveCount: 200,
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId('RelayRetryDeadLetters'), 'Arn'] },
      },
    });
    expect(dead).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    const policies = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy')).map((policy) =>
      JSON.stringify(policy.Properties),
    );
    for (const id of [logicalId('RelayRetryQueue'), logicalId('RelayRetryDeadLetters')]) {
      expect(
        policies.some(
          (policy) =>
            policy.includes(id) &&
            policy.includes('"aws:SecureTransport":"false"') &&
            policy.includes('"Effect":"Deny"'),
        ),
      ).toBe(true);
    }
  });

  test('only the retrying group consumes it (partial batch failures), sends to it and knows it', () => {
    const retrying = groupManifests.filter((manifest) => manifest.retriesDeliveries).map((manifest) => manifest.name);
    expect(retrying).toEqual(['webhooks']);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).map(
      (mapping) => mapping.Properties,
    );
    expect(mappings).toEqual([
      expect.objectContaining({
        FunctionName: ref(logicalId(functionId('webhooks'))),
        EventSourceArn: { 'Fn::GetAtt': [logicalId('RelayRetryQueue'), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: 10,
      }),
    ]);
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    for (const [id, fn] of Object.entries(functions)) {
      const url = fn.Properties?.Environment?.Variables?.RETRY_QUEUE_URL;
      if (id === logicalId(functionId('webhooks'))) expect(url).toEqual(ref(logicalId('RelayRetryQueue')));
      else expect(url).toBeUndefined();
    }
    const sends = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties).includes('sqs:SendMessage'),
    );
    expect(sends).toHaveLength(1);
    expect(JSON.stringify(sends[0]?.Properties.Roles)).toContain(`${functionId('webhooks')}Role`);
  });

  test('alarms: a dead-lettered kick, and an hour of retries', () => {
    const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
    expect(alarms[logicalId('RelayRetryDeadLettersAlarm')]?.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      AlarmActions: [expect.anything()],
      OKActions: [expect.anything()],
    });
    expect(alarms[logicalId('RelayRetryBacklogAlarm')]?.Properties).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: 3600,
    });
  });
});
