import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledgeShortRetention } from './guardAcknowledgements';

/** How long and under which key every log group of the stack keeps its events. */
export interface LogSettings {
  retention: RetentionDays;
  encryptionKey: IKey;
}

export function logGroup(
  scope: Construct,
  id: string,
  { retention, encryptionKey }: LogSettings,
  logGroupName?: string,
): LogGroup {
  const group = new LogGroup(scope, id, { retention, encryptionKey, logGroupName });
  if (retention < RetentionDays.ONE_YEAR) acknowledgeShortRetention(group, retention);
  return group;
}
