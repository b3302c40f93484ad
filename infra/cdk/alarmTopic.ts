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
  const topic = new Topic(scope, 'AlarmTopic', { displayName: 'chatbot-utility-api alarms', masterKey: key, enforceSSL: true });
  if (email) topic.addSubscription(new EmailSubscription(email));
  return topic;
}
