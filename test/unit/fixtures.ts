/**
 * Small shared fixtures for the unit tests: in-memory stores, a settable clock, synthetic API
 * Gateway events and a minimal Lambda context. No test logic lives here.
 */
import { localKicker } from '../../shared/webhooks/retryKickers';
import { randomBytes } from 'node:crypto';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import { RateLimiter } from '../../shared/access/rateLimiter';
import { LocalSecretBox } from '../../shared/crypto/secretBox';
import type { BotServices } from '../../functions/bots/services';
import type { WebhookServices } from '../../functions/webhooks/services';
import type { DashboardServices } from '../../functions/dashboard/services';
import { storeRegistry } from '../../shared/access/keyAdmin';
import type { GivenServices } from '../../shared/runtime/groupHandler';
import type { RouteHandler } from '../../shared/runtime/groupKit';
import { withMiddleware } from '../../shared/runtime/middlewareChain';
import { pictureKit } from '../../shared/runtime/pictureKit';
import type { RouteDefinition } from '../../shared/routes/types';
import type { PictureServices } from '../../shared/runtime/pictureKit';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import { createImageFetcher } from '../../shared/images/imageFetcher';
import { hashKey } from '../../shared/access/keys';
import {
  createStores,
  type ApiKeyRecord,
  type ApiKeyStore,
  type RateCounterStore,
  type WindowUsage,
} from '../../shared/store';
import type { MinuteCount, RateTake, RateTaken } from '../../shared/store/rateCounters';
import { admits, afterAdmitting, type WindowState } from '../../shared/store/slidingWindow';

/** The sliding window held in memory (slidingWindow.ts), like the DynamoDB item, with every call recorded. */
export class MemoryRateCounterStore implements RateCounterStore {
  readonly windows = new Map<string, WindowState>();
  readonly calls: RateTake[] = [];
  /** Per principal (and tag): minute start -> counts. */
  readonly minutes = new Map<string, Map<number, MinuteCount>>();
  readonly lastAt = new Map<string, number>();

  async take(request: RateTake): Promise<RateTaken> {
    this.calls.push(request);
    const second = Math.floor(request.nowMs / 1000);
    const state = this.windows.get(request.principal) ?? { total: 0, marks: new Map() };
    const allowed = admits(state, request.limit, second);
    const after = allowed ? afterAdmitting(state, second) : state;
    this.windows.set(request.principal, after);
    const owner = `${request.principal}|${request.tag ?? ''}`;
    const minutes = this.minutes.get(owner) ?? new Map<number, MinuteCount>();
    const minute = minutes.get(second - (second % 60)) ?? { counted: 0, refused: 0 };
    minute[allowed ? 'counted' : 'refused'] += 1;
    minutes.set(second - (second % 60), minute);
    this.minutes.set(owner, minutes);
    if (request.recordLastUse) this.lastAt.set(owner, second);
    return { allowed, state: after, second };
  }

  async usage(principal: string, from: number, to: number, tag?: string): Promise<WindowUsage> {
    const owner = `${principal}|${tag ?? ''}`;
    const minutes = new Map([...(this.minutes.get(owner) ?? [])].filter(([start]) => start >= from && start <= to));
    const lastAt = this.lastAt.get(owner);
    return { minutes, ...(lastAt === undefined ? {} : { lastAt }) };
  }
}

export class MemoryApiKeyStore implements ApiKeyStore {
  readonly byHash = new Map<string, ApiKeyRecord>();

  async put(record: ApiKeyRecord): Promise<void> {
    if (this.byHash.has(record.keyHash)) throw new Error('duplicate key');
    this.byHash.set(record.keyHash, record);
  }
  async getByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    return this.byHash.get(keyHash);
  }
  async getById(id: string): Promise<ApiKeyRecord | undefined> {
    return [...this.byHash.values()].find((record) => record.id === id);
  }
  async list(): Promise<ApiKeyRecord[]> {
    return [...this.byHash.values()];
  }
  async listByOwner(owner: string): Promise<ApiKeyRecord[]> {
    return [...this.byHash.values()].filter((record) => record.owner === owner).reverse();
  }
  async revoke(id: string, at: string): Promise<ApiKeyRecord | undefined> {
    const found = await this.getById(id);
    if (!found) return undefined;
    const revoked = { ...found, revokedAt: found.revokedAt ?? at };
    this.byHash.set(found.keyHash, revoked);
    return revoked;
  }
  async giveUpSlot(record: ApiKeyRecord): Promise<boolean> {
    const found = this.byHash.get(record.keyHash);
    if (!found?.holdsSlot || !found.revokedAt) return false;
    this.byHash.set(record.keyHash, { ...found, holdsSlot: false });
    return true;
  }
}

export function keysHolding(...records: ApiKeyRecord[]): MemoryApiKeyStore {
  const store = new MemoryApiKeyStore();
  for (const record of records) store.byHash.set(record.keyHash, record);
  return store;
}

export function keyRecord(value: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: 'key_0001',
    name: 'test',
    owner: 'tester',
    keyHash: hashKey(value),
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The key behind the events `proxyEvent` makes (id key_x), as the authorizer names it. */
export const EVENT_KEY = keyRecord('event-key-0123456789', { id: 'key_x' });

/** A clock the test moves by hand (milliseconds, like Date.now). */
export function manualClock(startMs: number) {
  const clock = { ms: startMs, now: () => clock.ms };
  return clock;
}

export function memoryLimiter(limit = 60, now?: () => number) {
  const counters = new MemoryRateCounterStore();
  return { counters, limiter: new RateLimiter(counters, { limit, ...(now ? { now } : {}) }) };
}

export const RANK_CARD_QUERY = { username: 'a', level: '1', xp: '1', requiredXp: '10', rank: '1' } as const;

export interface ProxyEventOptions {
  resource?: string;
  method?: string;
  query?: Record<string, string> | null;
  headers?: Record<string, string>;
  body?: string | null;
  requestId?: string;
  sourceIp?: string;
  keyId?: string | null;
}

/** A synthetic API Gateway REST proxy event; defaults to a valid rank-card request by key_x. */
export function proxyEvent(options: ProxyEventOptions = {}): APIGatewayProxyEvent {
  const {
    resource = '/v1/images/rank-card',
    method = 'GET',
    query = { ...RANK_CARD_QUERY },
    headers = {},
    body = null,
  } = options;
  const keyId = options.keyId === undefined ? 'key_x' : options.keyId;
  return {
    resource,
    path: resource,
    httpMethod: method,
    headers,
    multiValueHeaders: {},
    queryStringParameters: query,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      requestId: options.requestId ?? 'req-1',
      identity: { sourceIp: options.sourceIp ?? '203.0.113.7' },
      authorizer: keyId === null ? null : { keyId, keyHash: EVENT_KEY.keyHash },
    } as unknown as APIGatewayProxyEvent['requestContext'],
  };
}

export function lambdaContext(): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'unit-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:unit-test',
    memoryLimitInMB: '128',
    awsRequestId: 'lambda-req-1',
    logGroupName: '/aws/lambda/unit-test',
    logStreamName: 'stream',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export const METHOD_ARN = 'arn:aws:execute-api:us-east-1:123456789012:abcdef1234/v1/GET/v1/images/rank-card';

export function authorizerEvent(
  headers: Record<string, string> | null,
  sourceIp = '198.51.100.9',
): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: METHOD_ARN,
    resource: '/v1/images/rank-card',
    path: '/v1/images/rank-card',
    httpMethod: 'GET',
    headers,
    multiValueHeaders: null,
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: {
      requestId: 'auth-req-1',
      identity: { sourceIp },
    } as unknown as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

export interface ErrorEnvelope {
  success: false;
  error: { code: string; message: string; details?: { field: string; issue: string }[] };
  meta: { requestId: string; generatedAt: string };
}

export const envelopeOf = (result: APIGatewayProxyResult) => JSON.parse(result.body) as ErrorEnvelope;

/** A header regardless of the case it was written in. */
export function header(result: APIGatewayProxyResult, name: string): string | undefined {
  const entry = Object.entries(result.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return entry === undefined ? undefined : String(entry[1]);
}

export const INTEGER = /^\d+$/;

/** DynamoDB-ish failures as the SDK surfaces them when the service cannot answer. */
export function timeoutError(): Error {
  return Object.assign(new Error('Connection timed out after 2000 ms'), { name: 'TimeoutError', $metadata: {} });
}

export function networkError(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
  });
}

/** Every group's services at once, as tests hand them to any group instead of the environment's. */
export type AllServices = GivenServices<PictureServices & BotServices & WebhookServices & DashboardServices>;

/** The services a wrapped handler gets: the given limiter, the event's key, and other services no test here reaches. */
export function allServices(limiter: RateLimiter, apiKeys: ApiKeyStore = keysHolding(EVENT_KEY)): AllServices {
  const unreachable = createStores({
    tableName: 'unused-in-unit-tests',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
  });
  return {
    limiter,
    apiKeys,
    images: createImageFetcher(),
    bots: unreachable.bots,
    deliveries: unreachable.deliveries,
    attempts: unreachable.attempts,
    refusedAttempts: unreachable.refusedAttempts,
    retryQueue: unreachable.retryQueue,
    kicker: localKicker,
    retryBackoffSeconds: 5,
    webhookSecrets: unreachable.webhookSecrets,
    secretBox: new LocalSecretBox(randomBytes(32)),
    pairGuard: pairGuardOver(unreachable, () => new Date()),
    discordApiBase: 'http://127.0.0.1:9',
    onlineWindowSeconds: 120,
    sessions: unreachable.sessions,
    signIns: unreachable.signIns,
    accounts: unreachable.accounts,
    keys: storeRegistry(apiKeys),
    signIn: undefined,
    keyCreations: limiter,
    verifications: limiter,
    rateCounters: unreachable.rateCounters,
    rateLimit: limiter.limit,
    publicUrl: undefined,
    now: () => new Date(),
  };
}

/**
 * A route's handler in the chain its group gives it (image routes convert to PNG on request), over the given services.
 */
export const wrapRoute = <R extends RouteDefinition>(
  route: R,
  handler: RouteHandler<R, AllServices>,
  services: AllServices,
) => withMiddleware(route, handler, services, services, route.response === 'svg' ? (pictureKit.output?.() ?? []) : []);
