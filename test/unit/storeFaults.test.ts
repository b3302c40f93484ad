import { randomBytes } from 'node:crypto';
import { localKicker } from '../../shared/webhooks/retryKickers';
import { tableSchema } from '../../shared/store/schema';
import { tokenContext } from '../../shared/webhooks/forward';
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient, type AwsCommand } from 'aws-sdk-client-mock';
import { hashKey } from '../../shared/access/keys';
import { dashboardKit } from '../../functions/dashboard/services';
import { localSignIn } from '../../functions/dashboard/signInProviders';
import { sha256Hex } from '../../shared/crypto/hash';
import { RateLimiter } from '../../shared/access/rateLimiter';
import { LocalSecretBox } from '../../shared/crypto/secretBox';
import type { AllServices } from './fixtures';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';
import type { ImageFetcher } from '../../shared/images/imageFetcher';
import { routeList, routes, type RouteEntry, type RouteId } from '../../shared/routes/table';
import { createStores } from '../../shared/store';
import { expectErrorEnvelope } from '../support/envelope';
import { startFakeDiscord, type FakeDiscord } from '../support/fakeDiscord';
import { startGatewayOver, type GatewayOver } from '../support/gatewayOver';
import { samplePng } from '../support/imageHost';
import { call, rateHeaders, type Reply } from '../support/localApi';
import { githubDelivery } from '../fixtures/github/payloads';
import { expectAnswer } from '../support/relayHarness';
import { exampleRequest } from '../support/routeExamples';
import { keyRecord, networkError, timeoutError } from './fixtures';
import { UNAVAILABLE_RETRY_AFTER } from '../../shared/errors/unavailable';

/**
 * DynamoDB faults under every route: the real gateway, authorizer, middleware, handlers and stores,
 * over a DynamoDBDocumentClient whose every call is answered by a script. The script plays a table
 * that makes each route's table example succeed; a test then makes one class of calls fail.
 */

type Op = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'BatchWriteItem';
interface DynamoCall {
  op: Op;
  input: Record<string, any>;
}

/** The commands the stores send, by the DynamoDB operation each is. */
const COMMANDS: [Op, new (input: any) => AwsCommand<any, any>][] = [
  ['GetItem', GetCommand],
  ['PutItem', PutCommand],
  ['UpdateItem', UpdateCommand],
  ['DeleteItem', DeleteCommand],
  ['Query', QueryCommand],
  ['BatchWriteItem', BatchWriteCommand],
];

/** How the SDK surfaces a DynamoDB that cannot answer (after its own retries). */
const FAULTS: [string, () => Error][] = [
  [
    'ProvisionedThroughputExceededException',
    () =>
      new ProvisionedThroughputExceededException({
        message: 'The level of configured provisioned throughput for the table was exceeded',
        $metadata: {},
      }),
  ],
  [
    'ThrottlingException',
    () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput', $metadata: {} }),
  ],
  [
    'RequestLimitExceeded',
    () =>
      new RequestLimitExceeded({
        message: 'Throughput exceeds the current throughput limit for your account',
        $metadata: {},
      }),
  ],
  ['InternalServerError', () => new InternalServerError({ message: 'Internal server error', $metadata: {} })],
  ['a TimeoutError', timeoutError],
  ['an AbortError', () => Object.assign(new Error('Request aborted'), { name: 'AbortError' })],
  ['a network error (ECONNREFUSED)', networkError],
];

// --- The scripted table --------------------------------------------------------------------------

const KEY = 'cbk_store-faults-key-0123456789';
const KEY_ID = 'key_faults';
const BOT_ID = routes.getBot.schemas.path.parse(routes.getBot.example.path).clientId;
const NOW = new Date('2026-03-01T12:30:00.000Z');
const PROFILE = {
  pk: `BOT#${BOT_ID}`,
  sk: 'PROFILE',
  clientId: BOT_ID,
  name: 'Modbot',
  public: true,
  tags: ['moderation'],
  ownerAccount: 'tester',
  generation: 'gen-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastSeen: '2026-03-01T12:29:00.000Z',
  stats: { guilds: 12, updatedAt: '2026-03-01T12:29:00.000Z' },
  gsi1pk: 'BOTS',
  gsi1sk: `modbot#${BOT_ID}`,
  gsi2pk: 'BOTS',
  gsi2sk: `0999999999999988#${BOT_ID}`,
};
/**
 * The dashboard's signed-in browser: its session, the sign-in
 * its callback finishes, the account's key its revoke names.
 */
const SESSION_ID = 'store-faults-session-id';
// The signed-in account is the one the API key belongs to, so the dashboard's bot routes find the bot theirs too.
const ACCOUNT = 'tester';
const FAR = Math.floor(NOW.getTime() / 1000) + 3600;
const SIGN_IN_STATE = routes.dashboardCallback.schemas.query.parse(routes.dashboardCallback.example.query).state;
const REPLAY = {
  id: routes.dashboardReplayDelivery.schemas.path.parse(routes.dashboardReplayDelivery.example.path).id,
  ...routes.dashboardReplayDelivery.schemas.body.parse(routes.dashboardReplayDelivery.example.body),
};
const ACCOUNT_KEY = keyRecord('cbk_account-key', {
  id: routes.dashboardRevokeKey.schemas.path.parse(routes.dashboardRevokeKey.example.path).keyId,
  owner: ACCOUNT,
});
const ITEMS: Record<string, Record<string, unknown>> = {
  APIKEY: { pk: `KEY#${hashKey(KEY)}`, sk: 'APIKEY', ...keyRecord(KEY, { id: KEY_ID, owner: 'tester' }) },
  SESSION: {
    pk: `SESSION#${sha256Hex(SESSION_ID)}`,
    sk: 'SESSION',
    accountId: ACCOUNT,
    accountName: 'Ada',
    csrfToken: 'csrf-token',
    createdAt: NOW.toISOString(),
    expiresAt: FAR,
  },
  SIGNIN: {
    pk: `SIGNIN#${sha256Hex(SIGN_IN_STATE)}`,
    sk: 'SIGNIN',
    verifier: 'v'.repeat(43),
    redirectUri: 'http://127.0.0.1/dashboard/callback',
    expiresAt: FAR,
  },
  PROFILE,
  COMMANDS: {
    pk: PROFILE.pk,
    sk: 'COMMANDS',
    generation: 'gen-1',
    commands: [{ name: 'ban', description: 'Ban a member' }],
    updatedAt: PROFILE.updatedAt,
  },
  // The signed-in account's webhook, and a failed delivery of it kept for a replay (tokens sealed in beforeAll).
  SECRETS: {
    pk: `HOOK#${REPLAY.id}`,
    sk: 'SECRETS',
    webhookId: REPLAY.id,
    secrets: {},
    keyId: KEY_ID,
    ownerAccount: ACCOUNT,
    updatedAt: NOW.toISOString(),
  },
};
/**
 * The delivery the replay route's example names, as claimReplay
 * answers it (its sealed token is added once the box exists).
 */
const KEPT_DELIVERY: Record<string, unknown> = {
  pk: `HOOK#${REPLAY.id}`,
  sk: `DELIVERY#${REPLAY.provider}#${REPLAY.deliveryId}`,
  webhookId: REPLAY.id,
  provider: REPLAY.provider,
  deliveryId: REPLAY.deliveryId,
  event: 'star',
  outcome: 'pending',
  receivedAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  message: { content: 'kept' },
};

const keyOf = (input: DynamoCall['input']) => ({
  pk: String(input.Key?.pk ?? input.Item?.pk ?? input.ExpressionAttributeValues?.[':pk'] ?? ''),
  sk: String(input.Key?.sk ?? input.Item?.sk ?? ''),
});

/** What the table answers when nothing fails: enough for every route's example to succeed. */
function answer({ op, input }: DynamoCall): unknown {
  const { pk, sk } = keyOf(input);
  switch (op) {
    case 'GetItem':
      return { Item: ITEMS[sk]?.pk === pk ? ITEMS[sk] : undefined };
    case 'UpdateItem':
      if (pk.startsWith('RATE#')) return { Attributes: { [input.ExpressionAttributeNames['#count']]: 1 } };
      if (sk === KEPT_DELIVERY.sk && input.ReturnValues === 'ALL_NEW') return { Attributes: KEPT_DELIVERY };
      return sk === 'PROFILE' ? { Attributes: PROFILE } : {};
    case 'DeleteItem':
      // Taking a sign-in answers the record it removed.
      return sk === 'SIGNIN' && ITEMS.SIGNIN?.pk === pk ? { Attributes: ITEMS.SIGNIN } : {};
    case 'Query':
      // A key found by id or an account's keys; a bot listing (an index);
      // a bot's sweep before its delete (keys only), or its history.
      if (pk === 'APIKEYS' || pk.startsWith('ACCOUNT#'))
        return { Items: [{ pk: `KEY#${ACCOUNT_KEY.keyHash}`, sk: 'APIKEY', ...ACCOUNT_KEY }] };
      // A webhook's log by time (gsi2) and its refused attempts
      // (none here); the kept delivery the replay names, by its id.
      if (pk.startsWith('HOOK#') && (input.IndexName === tableSchema.gsi2.name || isAttemptCount(input)))
        return { Items: [] };
      if (pk.startsWith('HOOK#') && String(input.ExpressionAttributeValues[':prefix']).startsWith('DELIVERY#'))
        return { Items: [{ ...KEPT_DELIVERY, outcome: 'failed' }] };
      // An account's webhooks or bots (gsi3, by prefix), or a public bot listing.
      if (input.IndexName)
        return { Items: [input.ExpressionAttributeValues[':prefix'] === 'HOOK#' ? ITEMS.SECRETS : PROFILE] };
      return { Items: input.ProjectionExpression ? [{ pk, sk: 'COMMANDS' }] : [] };
    default:
      return {};
  }
}

// --- The classes of store operations the routes use ----------------------------------------------

interface Operation {
  name: string;
  is(call: DynamoCall): boolean;
}
/** A Query of a webhook's hourly counts of refused attempts. */
const isAttemptCount = (input: DynamoCall['input']) =>
  String(input.ExpressionAttributeValues?.[':from'] ?? '').startsWith('ATTEMPTS#');
const isKey = (call: DynamoCall, op: Op, sk: (sk: string) => boolean) => call.op === op && sk(keyOf(call.input).sk);
const isCounterHit = (call: DynamoCall) => call.op === 'UpdateItem' && keyOf(call.input).pk.startsWith('RATE#');
const OPERATIONS: Operation[] = [
  { name: 'rate counter hit', is: isCounterHit },
  { name: 'API key lookup', is: (c) => isKey(c, 'GetItem', (sk) => sk === 'APIKEY') },
  {
    name: 'bot register',
    is: (c) => isKey(c, 'UpdateItem', (sk) => sk === 'PROFILE') && ':clientId' in c.input.ExpressionAttributeValues,
  },
  { name: 'bot get', is: (c) => isKey(c, 'GetItem', (sk) => sk === 'PROFILE') },
  {
    name: 'bot list',
    is: (c) => c.op === 'Query' && c.input.IndexName !== undefined && ':listing' in c.input.ExpressionAttributeValues,
  },
  {
    name: 'heartbeat: profile',
    is: (c) => isKey(c, 'UpdateItem', (sk) => sk === 'PROFILE') && !(':clientId' in c.input.ExpressionAttributeValues),
  },
  { name: 'heartbeat: hourly point', is: (c) => isKey(c, 'UpdateItem', (sk) => sk.startsWith('STATS#')) },
  {
    name: 'bot history',
    is: (c) =>
      c.op === 'Query' && keyOf(c.input).pk.startsWith('BOT#') && / BETWEEN /.test(c.input.KeyConditionExpression),
  },
  { name: 'key usage read', is: (c) => c.op === 'Query' && keyOf(c.input).pk.startsWith('RATE#') },
  { name: 'bot commands read', is: (c) => isKey(c, 'GetItem', (sk) => sk === 'COMMANDS') },
  { name: 'bot commands write', is: (c) => isKey(c, 'PutItem', (sk) => sk === 'COMMANDS') },
  { name: 'bot delete: sweep', is: (c) => c.op === 'Query' && c.input.ProjectionExpression !== undefined },
  { name: 'bot delete: batch', is: (c) => c.op === 'BatchWriteItem' },
  { name: 'bot delete: profile', is: (c) => isKey(c, 'DeleteItem', (sk) => sk === 'PROFILE') },
  { name: 'delivery claim', is: (c) => isKey(c, 'PutItem', (sk) => sk.startsWith('DELIVERY#')) },
  {
    name: 'delivery finish',
    is: (c) => isKey(c, 'UpdateItem', (sk) => sk.startsWith('DELIVERY#')) && c.input.ReturnValues !== 'ALL_NEW',
  },
  { name: 'webhook secrets get', is: (c) => isKey(c, 'GetItem', (sk) => sk === 'SECRETS') },
  { name: 'webhook secrets replace', is: (c) => isKey(c, 'PutItem', (sk) => sk === 'SECRETS') },
  { name: 'webhook secrets remove', is: (c) => isKey(c, 'DeleteItem', (sk) => sk === 'SECRETS') },
  { name: 'webhook token verdict get', is: (c) => isKey(c, 'GetItem', (sk) => sk.startsWith('PAIR#')) },
  { name: 'webhook token verdict remember', is: (c) => isKey(c, 'PutItem', (sk) => sk.startsWith('PAIR#')) },
  { name: 'session read', is: (c) => isKey(c, 'GetItem', (sk) => sk === 'SESSION') },
  { name: 'session open', is: (c) => isKey(c, 'PutItem', (sk) => sk === 'SESSION') },
  { name: 'session end', is: (c) => isKey(c, 'DeleteItem', (sk) => sk === 'SESSION') },
  { name: 'sign-in start', is: (c) => isKey(c, 'PutItem', (sk) => sk === 'SIGNIN') },
  { name: 'sign-in take', is: (c) => isKey(c, 'DeleteItem', (sk) => sk === 'SIGNIN') },
  { name: 'account key slot', is: (c) => isKey(c, 'UpdateItem', (sk) => sk === 'ACCOUNT') },
  { name: 'key create', is: (c) => isKey(c, 'PutItem', (sk) => sk === 'APIKEY') },
  { name: 'key revoke', is: (c) => isKey(c, 'UpdateItem', (sk) => sk === 'APIKEY') },
  { name: 'key find by id', is: (c) => c.op === 'Query' && keyOf(c.input).pk === 'APIKEYS' },
  { name: "account's keys", is: (c) => c.op === 'Query' && keyOf(c.input).pk.startsWith('ACCOUNT#') },
  { name: "account's bots or webhooks", is: (c) => c.op === 'Query' && c.input.IndexName === tableSchema.gsi3.name },
  {
    name: "a webhook's delivery log",
    is: (c) => c.op === 'Query' && keyOf(c.input).pk.startsWith('HOOK#') && c.input.IndexName === tableSchema.gsi2.name,
  },
  {
    name: "a webhook's refused attempts",
    is: (c) => c.op === 'Query' && keyOf(c.input).pk.startsWith('HOOK#') && isAttemptCount(c.input),
  },
  {
    name: 'delivery find by id',
    is: (c) =>
      c.op === 'Query' &&
      keyOf(c.input).pk.startsWith('HOOK#') &&
      c.input.IndexName === undefined &&
      !isAttemptCount(c.input),
  },
  {
    name: 'delivery replay claim',
    is: (c) => isKey(c, 'UpdateItem', (sk) => sk.startsWith('DELIVERY#')) && c.input.ReturnValues === 'ALL_NEW',
  },
  { name: 'relay brake read', is: (c) => c.op === 'GetItem' && keyOf(c.input).pk.startsWith('RELAY#') },
];
/** What every request meets before its handler: the authorizer's lookup and the limiter's count. */
const GATE = ['rate counter hit', 'API key lookup'];
/** A signed-in route reads its session before the count, which is then the account's (else the address's). */
const gateOf = (route: RouteEntry) => (route.auth === 'session' ? ['session read', ...GATE] : GATE);
const classify = (call: DynamoCall) =>
  OPERATIONS.filter((operation) => operation.is(call)).map((operation) => operation.name);

// --- The stack ------------------------------------------------------------------------------------

const ddb = mockClient(DynamoDBDocumentClient);
/** Every call since the last request began, and what the current test makes fail (or answer otherwise). */
let seen: DynamoCall[] = [];
let fault: (call: DynamoCall) => Error | { answer: unknown } | undefined = () => undefined;
let imageLoads = 0;

let discord: FakeDiscord;
let gateway: GatewayOver;
beforeAll(async () => {
  for (const [op, Command] of COMMANDS) {
    ddb.on(Command).callsFake(async (input: DynamoCall['input']) => {
      const made = { op, input };
      seen.push(made);
      const twist = fault(made);
      if (twist instanceof Error) throw twist;
      return twist ? twist.answer : answer(made);
    });
  }
  discord = await startFakeDiscord();
  const picture = samplePng(8);
  const images: ImageFetcher = {
    load: async () => {
      imageLoads += 1;
      return {
        mime: 'image/png',
        bytes: picture.length,
        width: 8,
        height: 8,
        dataUri: `data:image/png;base64,${picture.toString('base64')}`,
      };
    },
  };
  // No such endpoint is ever reached: every DynamoDBDocumentClient's send() is the script above.
  const stores = createStores({ tableName: 'scripted', region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });
  const secretBox = new LocalSecretBox(randomBytes(32));
  KEPT_DELIVERY.sealedToken = await secretBox.seal('aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789', tokenContext(REPLAY.id));
  // The webhook's relay token, kept as a save keeps it: the relay-token route's example opens it.
  Object.assign(ITEMS.SECRETS ?? {}, { sealedToken: KEPT_DELIVERY.sealedToken, tokenEnd: '6789' });
  const deps: AllServices = {
    ...dashboardKit.services(stores),
    // The local sign-in (this gateway is on loopback): the callback needs no Discord.
    signIn: localSignIn,
    limiter: new RateLimiter(stores.rateCounters, { limit: 60 }),
    apiKeys: stores.apiKeys,
    images,
    bots: stores.bots,
    deliveries: stores.deliveries,
    attempts: stores.attempts,
    refusedAttempts: stores.refusedAttempts,
    retryQueue: stores.retryQueue,
    kicker: localKicker,
    retryBackoffSeconds: 5,
    webhookSecrets: stores.webhookSecrets,
    secretBox,
    pairGuard: pairGuardOver(stores, () => NOW),
    discordApiBase: discord.apiBase,
    onlineWindowSeconds: 120,
    verifications: new RateLimiter(stores.rateCounters, { limit: 5 }),
    now: () => NOW,
  };
  gateway = await startGatewayOver(deps, stores.apiKeys);
});
afterEach(() => {
  fault = () => undefined;
});
afterAll(async () => {
  await gateway.close();
  await discord.close();
  ddb.restore();
});

/** One route's example request, with the key when the route needs one; `seen` then holds its DynamoDB calls. */
async function send(route: RouteEntry): Promise<Reply> {
  // The relay's example names only the webhook: it gets a delivery to forward.
  const request =
    route.id === 'relayWebhook'
      ? {
          ...exampleRequest(route),
          headers: githubDelivery('star', 'store-faults-1').headers,
          body: githubDelivery('star', 'store-faults-1').body,
        }
      : exampleRequest(route);
  // The dashboard's routes come from its signed-in browser (the callback from the one that started the sign-in).
  const browser: Record<string, string> =
    route.auth === 'session'
      ? { Cookie: `cbk_session=${SESSION_ID}`, 'X-CSRF-Token': 'csrf-token' }
      : route.id === 'dashboardCallback'
        ? { Cookie: `cbk_signin=${SIGN_IN_STATE}` }
        : {};
  seen = [];
  return call(`${gateway.url}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...browser },
    body: request.body,
    redirect: 'manual',
    ...(route.auth === 'apiKey' ? { key: KEY } : {}),
  });
}

/**
 * A 503 SERVICE_UNAVAILABLE in the route's answer shape, with
 * Retry-After and the rate headers, revealing nothing of the store.
 */
function expectUnavailable(reply: Reply, route: RouteEntry): void {
  if (route.answers === 'message') expectAnswer(reply, 503, /unavailable/, 'SERVICE_UNAVAILABLE');
  // The dashboard's page is read by a person: a page that says so, not the API's JSON.
  else if (route.id === 'dashboardPage')
    expect([reply.status, reply.headers.get('content-type'), reply.text]).toEqual([
      503,
      expect.stringMatching(/^text\/html/),
      expect.stringContaining('The dashboard is unavailable; retry shortly.'),
    ]);
  else expectErrorEnvelope(reply, 503, 'SERVICE_UNAVAILABLE');
  expect(reply.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER));
  rateHeaders(reply);
  // (The page's text is its own fixed page and script, not the error's.)
  if (route.id !== 'dashboardPage')
    expect(reply.text).not.toMatch(/DynamoDB|Item|Query|Exception|Throughput|ECONNREFUSED|abort|timed out|stack/i);
}

/**
 * What each route does when nothing fails: its status, the
 * operation classes it used, and any call not of exactly one class.
 */
const baseline = new Map<RouteId, { status: number; operations: Set<string>; unclassified: string[] }>();
const users = (operation: string) => routeList.filter((route) => baseline.get(route.id)?.operations.has(operation));

beforeAll(async () => {
  for (const route of routeList) {
    const reply = await send(route);
    const unclassified = seen
      .filter((made) => classify(made).length !== 1)
      .map((made) => `${made.op} ${JSON.stringify(keyOf(made.input))}`);
    baseline.set(route.id, { status: reply.status, operations: new Set(seen.flatMap(classify)), unclassified });
  }
});

/** Successes other than 200: the sign-in's redirects, a created key. */
const SUCCESS: Partial<Record<RouteId, number>> = {
  dashboardSignIn: 302,
  dashboardCallback: 302,
  dashboardCreateKey: 201,
  dashboardRollKey: 201,
};

describe('the scripted table', () => {
  test('every route succeeds on its example when nothing fails, and each of its calls is of exactly one class', () => {
    for (const route of routeList)
      expect({ route: route.id, ...baseline.get(route.id) }).toMatchObject({
        route: route.id,
        status: SUCCESS[route.id] ?? 200,
        unclassified: [],
      });
  });

  test.each(OPERATIONS.map((operation) => [operation.name]))('%s is used by at least one route', (name) => {
    expect(users(name).length).toBeGreaterThan(0);
  });
});

/**
 * Writes a route gets past by design, with what it answers then: each records what has happened
 * already (Discord took the message, or answered about the token), and a 503 would have the
 * provider send the delivery again, and Discord post it twice.
 */
const SURVIVED: Partial<Record<string, Partial<Record<RouteId, RegExp>>>> = {
  // A replay's claim keeps its message (replayable again once stale): that one's failure is told.
  'delivery finish': { relayWebhook: /^{"message":"forwarded: star"}$/ },
  'webhook token verdict remember': {
    relayWebhook: /^{"message":"forwarded: star"}$/,
    dashboardReplayDelivery: /"outcome":"forwarded"/,
    putWebhookSecrets: /"signedProviders":\["github"\]/,
    dashboardSaveWebhook: /"signedProviders":\["github"\]/,
  },
  // A roll makes the replacement first: the old key's revocation failing still hands its value over.
  'key revoke': { dashboardRollKey: /"value":"[^"]+","replaced":\{[^}]*"createdAt":"[^"]+"\}/ },
};

describe('one class of store operation fails', () => {
  test.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s: every route using it answers 503 with Retry-After (or as usual past a write); others unaffected',
    async (name, operation) => {
      for (const [, makeError] of FAULTS) {
        fault = (made) => (operation.is(made) ? makeError() : undefined);
        for (const route of users(operation.name)) {
          const survived = SURVIVED[name]?.[route.id];
          const reply = await send(route);
          if (survived)
            expect([reply.status, reply.text]).toEqual([SUCCESS[route.id] ?? 200, expect.stringMatching(survived)]);
          else expectUnavailable(reply, route);
        }
      }
      // Unaffected: the other routes that keep records (the rest only count requests and check keys).
      const others = routeList.filter(
        (route) =>
          !users(operation.name).includes(route) &&
          [...(baseline.get(route.id)?.operations ?? [])].some((name) => !GATE.includes(name)),
      );
      for (const route of others)
        expect([route.id, (await send(route)).status]).toEqual([route.id, baseline.get(route.id)?.status]);
    },
  );
});

/** The limiter failed closed: the conservative numbers, and nothing ran past the gate (no record read or written). */
function expectFailedClosed(reply: Reply, route: RouteEntry): void {
  expectUnavailable(reply, route);
  const { remaining, reset } = rateHeaders(reply);
  expect(remaining).toBe(0);
  expect(reset - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(UNAVAILABLE_RETRY_AFTER + 1);
  expect(seen.flatMap(classify).filter((name) => !gateOf(route).includes(name))).toEqual([]);
}

describe('the limiter fails closed (design.md, "When DynamoDB is unreachable")', () => {
  test('only its counter failing: every route is 503, Remaining 0, and no handler runs', async () => {
    fault = (made) =>
      isCounterHit(made) ? new ThrottlingException({ message: 'throttled', $metadata: {} }) : undefined;
    const [discordBefore, loadsBefore] = [discord.seen.length, imageLoads];
    for (const route of routeList) expectFailedClosed(await send(route), route);
    expect([discord.seen.length, imageLoads]).toEqual([discordBefore, loadsBefore]);
  });

  test.each(FAULTS)(
    'DynamoDB down altogether, %s on every call: every route answers 503 with Retry-After, from its gate',
    async (_name, makeError) => {
      fault = makeError;
      for (const route of routeList) {
        expectFailedClosed(await send(route), route);
        // Keys are checked first (the gateway's 503), else the limiter counts first; on a signed-in
        // route after the session read, and a failed read is counted all the same.
        expect(seen.flatMap(classify)).toEqual(
          route.auth === 'apiKey'
            ? ['API key lookup']
            : route.auth === 'session'
              ? ['session read', 'rate counter hit']
              : ['rate counter hit'],
        );
      }
    },
  );
});

describe('DynamoDB throttling a batch', () => {
  // Throttled, BatchWriteItem answers with UnprocessedItems rather than an error: after its retries
  // the bot store must call that an outage (it once threw a plain Error, which became a 500).
  test('items left unprocessed on every attempt -> deleteBot answers 503 with Retry-After', async () => {
    fault = (made) =>
      made.op === 'BatchWriteItem' ? { answer: { UnprocessedItems: made.input.RequestItems } } : undefined;
    const deleteBot = routeList.find((route) => route.id === 'deleteBot') as RouteEntry;
    expectUnavailable(await send(deleteBot), deleteBot);
  });
});
