/**
 * Every kind of item in the single table (schema.ts): the prefix of its partition key, the index
 * partition it is listed under, and whether it expires by TTL (`expiresAt`). The stores build
 * their keys from it and the CDK stack grants access by the same prefixes (infra/cdk/tableAccess.ts).
 */
export const recordKinds = {
  /** One counter per principal (key, address, webhook) and window: the rate limiter's. */
  rateCounter: { prefix: 'RATE#', expires: true },
  /** An API key, by the SHA-256 of the key; listed by id on gsi1. */
  apiKey: { prefix: 'KEY#', listing: 'APIKEYS', expires: false },
  /**
   * A bot's profile, commands and hourly stats (stats expire); public profiles listed on gsi1 (name) and gsi2 (guilds).
   */
  bot: { prefix: 'BOT#', listing: 'BOTS', expires: true },
  /**
   * A Discord webhook's signature secrets, deliveries, signed claims, Discord's verdicts on its
   * tokens and hourly counts of refused attempts; kept deliveries listed on gsi1, each webhook's
   * log by time on gsi2 (under `HOOK#<id>#LOG`).
   */
  webhook: { prefix: 'HOOK#', listing: 'DELIVERIES#KEPT', log: '#LOG', expires: true },
  /** The relay's own counters (Discord's invalid answers per window). */
  relay: { prefix: 'RELAY#', expires: true },
  /** A dashboard account (a Discord user id): how many active keys it holds. Its keys are listed on gsi2. */
  account: { prefix: 'ACCOUNT#', expires: false },
  /** A signed-in dashboard browser, by the SHA-256 of its cookie's id. */
  session: { prefix: 'SESSION#', expires: true },
  /** A sign-in under way (OAuth2 state and PKCE verifier), by the SHA-256 of its state; taken once. */
  signIn: { prefix: 'SIGNIN#', expires: true },
} as const;

export type RecordKind = keyof typeof recordKinds;

/** The partition key of one item of a kind. */
export const partitionKey = (kind: RecordKind, id: string): string => `${recordKinds[kind].prefix}${id}`;
