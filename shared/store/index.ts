import { DynamoAccountStore } from './accounts';
import { DynamoApiKeyStore } from './apiKeys';
import { DynamoBotStore } from './bots/index';
import { DynamoDeliveryAttemptLog } from './deliveryAttempts';
import { DynamoDeliveryLog } from './deliveries';
import { DynamoInvalidAnswerCounter } from './invalidAnswers';
import { createDocumentClient } from './client';
import { storeConfigFromEnv, type StoreConfig } from './config';
import { DynamoRateCounterStore } from './rateCounters';
import { DynamoRefusedAttemptCounter } from './refusedAttempts';
import { DynamoRetryQueueStore } from './retryQueue';
import { DynamoSessionStore } from './sessions';
import { DynamoSignInStore } from './signIns';
import { DynamoWebhookPairStore } from './webhookPairs';
import { DynamoWebhookSecretStore } from './webhookSecrets';

export type { ApiKeyRecord, ApiKeyStore } from './apiKeys';
export type { RateCounterStore, WindowUsage } from './rateCounters';
export type { BotCommand, BotFields, BotProfile, BotStats, BotStore, CommandList, StatsPoint } from './bots/index';
export type { DeliveryKey, DeliveryLog, DeliveryRecord } from './deliveries';
export type { Attempt, AttemptRecord, DeliveryAttemptLog } from './deliveryAttempts';
export type { QueuedDelivery, RetryQueueStore } from './retryQueue';
export type { WebhookSecrets, WebhookSecretStore } from './webhookSecrets';
export type { PairVerdict, WebhookPairStore } from './webhookPairs';
export type { InvalidAnswerCounter } from './invalidAnswers';
export type { RefusedAttemptCounter } from './refusedAttempts';
export type { AccountStore } from './accounts';
export type { SessionRecord, SessionStore, SignedIn } from './sessions';
export type { SignInRecord, SignInStore } from './signIns';

/** The data-access objects of one table, sharing one client. */
export function createStores(config: StoreConfig = storeConfigFromEnv()) {
  const db = createDocumentClient(config);
  return {
    db,
    apiKeys: new DynamoApiKeyStore(db, config.tableName),
    rateCounters: new DynamoRateCounterStore(db, config.tableName),
    bots: new DynamoBotStore(db, config.tableName),
    deliveries: new DynamoDeliveryLog(db, config.tableName),
    attempts: new DynamoDeliveryAttemptLog(db, config.tableName),
    retryQueue: new DynamoRetryQueueStore(db, config.tableName),
    webhookSecrets: new DynamoWebhookSecretStore(db, config.tableName),
    webhookPairs: new DynamoWebhookPairStore(db, config.tableName),
    invalidAnswers: new DynamoInvalidAnswerCounter(db, config.tableName),
    refusedAttempts: new DynamoRefusedAttemptCounter(db, config.tableName),
    accounts: new DynamoAccountStore(db, config.tableName),
    sessions: new DynamoSessionStore(db, config.tableName),
    signIns: new DynamoSignInStore(db, config.tableName),
  };
}

export type Stores = ReturnType<typeof createStores>;
