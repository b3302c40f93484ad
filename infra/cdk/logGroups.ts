import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** How long and under which key every log group of the stack keeps its events. */
export interface LogSettings {
  retention: RetentionDays;
  encryptionKey: IKey;
}

export const logGroup = (scope: Construct, id: string, { retention, encryptionKey }: LogSettings, logGroupName?: string): LogGroup =>
  new LogGroup(scope, id, { retention, encryptionKey, logGroupName });
