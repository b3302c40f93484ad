import { ArnFormat, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { administeredKey } from './keys';

/**
 * The key of what the stack tells its operators: every log group and the alarm topic. Beyond
 * administration (administeredKey), only the two AWS services that write them may use it.
 */
export function operationsKey(scope: Construct, removalPolicy: RemovalPolicy): Key {
  const key = administeredKey(
    scope,
    'OperationsKey',
    'Encrypts the log groups and the alarm topic of the chat-bot utility API',
    removalPolicy,
  );
  const stack = Stack.of(scope);
  // CloudWatch Logs of this region, for log groups of this account and region only: it names the
  // log group in the encryption context of every call.
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchLogsOfThisAccount',
      principals: [new ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
      actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
      resources: ['*'],
      conditions: {
        ArnLike: {
          'kms:EncryptionContext:aws:logs:arn': stack.formatArn({
            service: 'logs',
            resource: 'log-group',
            resourceName: '*',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  // Alarms publish to the encrypted topic: SNS asks KMS for a data key on CloudWatch's behalf. The
  // statement is the one AWS documents for AWS services publishing to an encrypted topic, without
  // conditions: CloudWatch's request through SNS may not carry aws:SourceAccount, and a condition
  // on it made every alarm action fail. The topic policy keeps publishes to this account's alarms.
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }),
  );
  return key;
}
