import { ATTEMPT_LIMITS, withCallDeadline } from '../../shared/aws/callLimits';
import { ApiError } from '../../shared/errors/apiError';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { logger } from '../../shared/logging/logger';
import { captured } from '../../shared/observability/tracing';

/**
 * What the stack puts in the secret until the operator puts Discord's (CloudFormation would
 * otherwise generate a random one, which Discord would refuse at every sign-in): not a secret.
 */
export const UNSET_CLIENT_SECRET = 'unset: put the Discord application client secret here';

/** How long a read secret is used before it is read again: a secret the operator rotates takes effect within this. */
const KEPT_MS = 5 * 60_000;

/**
 * The Discord application's client secret from Secrets Manager (DISCORD_CLIENT_SECRET_ARN in AWS):
 * read at the first sign-in, not at cold start, and kept a few minutes. An unset secret (the
 * stack's placeholder, or empty; the operator puts the value) is a clear 503, an outage of Secrets Manager a 503
 * with Retry-After, as for the table.
 */
export function secretsManagerSecret(secretArn: string, now: () => number = Date.now): () => Promise<string> {
  let kept: { value: string; until: number } | undefined;
  return async () => {
    if (kept && kept.until > now()) return kept.value;
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = withCallDeadline(
      captured(new SecretsManagerClient({ maxAttempts: 3, requestHandler: ATTEMPT_LIMITS })),
    );
    let value: string | undefined;
    try {
      ({ SecretString: value } = await client.send(new GetSecretValueCommand({ SecretId: secretArn })));
    } catch (error) {
      throw new StoreUnavailableError('GetSecretValue', error, 'Secrets Manager');
    } finally {
      client.destroy();
    }
    if (!value?.trim() || value.trim() === UNSET_CLIENT_SECRET) {
      logger.error('the Discord client secret is not set: put it in Secrets Manager (README, "The dashboard in AWS")', {
        secretArn,
      });
      throw new ApiError('SERVICE_UNAVAILABLE', 'Sign-in is not set up on this server yet');
    }
    kept = { value: value.trim(), until: now() + KEPT_MS };
    return kept.value;
  };
}
