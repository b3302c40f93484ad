import { ArnFormat, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/**
 * Where every alarm goes: an encrypted topic that only takes TLS publishes. An e-mail address
 * (alarmEmail) is subscribed when given; AWS mails it a confirmation link first. Anything else
 * (a pager, chat) subscribes to the topic from its ARN (output AlarmTopicArn).
 */
export function alarmTopic(scope: Construct, key: IKey, email: string | undefined): Topic {
  const topic = new Topic(scope, 'AlarmTopic', {
    displayName: 'chatbot-utility-api alarms',
    masterKey: key,
    enforceSSL: true,
  });
  // The topic policy replaces SNS's default one, so CloudWatch is let in by name: this account's alarms only.
  const stack = Stack.of(scope);
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'CloudWatchAlarmsOfThisAccount',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: '*',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
        StringEquals: { 'aws:SourceAccount': stack.account },
      },
    }),
  );
  if (email) topic.addSubscription(new EmailSubscription(email));
  return topic;
}
