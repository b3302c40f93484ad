import { secretBoxFromEnv, type SecretBox } from '../../shared/crypto/secretBox';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import type { RouteDefinition } from '../../shared/routes/types';
import type { GroupKit, RouteHandler } from '../../shared/runtime/groupKit';
import { signedInRoutes } from '../../shared/runtime/signedIn';
import type {
  DeliveryAttemptLog,
  DeliveryLog,
  RefusedAttemptCounter,
  RetryQueueStore,
  WebhookSecretStore,
} from '../../shared/store';
import { retryBackoffFromEnv, type RetryKicker } from '../../shared/webhooks/retries';
import { retryKickerFromEnv } from '../../shared/webhooks/retryKickers';
import { pairGuardOver, type PairGuard } from '../../shared/webhooks/pairGuard';

/**
 * What the relay uses: its delivery log, registered secrets, the
 * sealing key, Discord's address and the guard in front of it.
 */
export interface WebhookServices {
  deliveries: DeliveryLog;
  /** Refused signatures and duplicates, an item per webhook, outcome and minute (the log keeps no delivery of them). */
  attempts: DeliveryAttemptLog;
  /** Per webhook and hour: deliveries Discord refused the token of (counted, not logged). */
  refusedAttempts: RefusedAttemptCounter;
  webhookSecrets: WebhookSecretStore;
  /** Seals webhook signing secrets and the Discord tokens of deliveries kept for a replay. */
  secretBox: SecretBox;
  /** Which webhook ids and tokens the relay may try on Discord (remembered verdicts, per-address quota, brake). */
  pairGuard: PairGuard;
  /** DISCORD_API_BASE: where Discord webhooks are posted (tests: a fake Discord on 127.0.0.1). */
  discordApiBase: string;
  /**
   * Each webhook's queue of deliveries Discord refused for a while, and what drains it (SQS in AWS, a loop locally).
   */
  retryQueue: RetryQueueStore;
  kicker: RetryKicker;
  retryBackoffSeconds: number;
  now: () => Date;
}

export type WebhookHandler<R extends RouteDefinition> = RouteHandler<R, WebhookServices>;

export const webhookKit: GroupKit<WebhookServices> = {
  services: (stores) => {
    const now = () => new Date();
    return {
      deliveries: stores.deliveries,
      attempts: stores.attempts,
      refusedAttempts: stores.refusedAttempts,
      webhookSecrets: stores.webhookSecrets,
      secretBox: secretBoxFromEnv(),
      pairGuard: pairGuardOver(stores, now),
      discordApiBase: discordApiBaseFromEnv(),
      retryQueue: stores.retryQueue,
      kicker: retryKickerFromEnv(),
      retryBackoffSeconds: retryBackoffFromEnv(),
      now,
    };
  },
};

/**
 * The dashboard's webhook routes: they get the session the chain checked (a live one, and the CSRF token on writes).
 */
export const signedIn = signedInRoutes<WebhookServices>();
