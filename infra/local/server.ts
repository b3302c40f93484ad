import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { rateLimitFromEnv } from '../../shared/access/rateLimiter';
import { errorBody } from '../../shared/http/envelope';
import { routeList } from '../../shared/routes/table';
import { importGroup, manifestOf } from '../../functions/groups';
import type { FunctionGroup } from '../../shared/routes/table';
import type { LambdaHandler } from '../../shared/runtime/middlewareChain';
import { createStores } from '../../shared/store';
import { migrateRecords } from '../../shared/store/migrations';
import { DEFAULT_TABLE_NAME } from '../../shared/store/config';
import { AuthorizerCache } from './authorizerCache';
import { ensureTable } from './localTable';
import { createGateway, keyEnabledIn } from './gateway';
import { closeIdleAfterReading } from './idleConnections';
import { seedDemoBots } from './demoBots';
import { seedKeys, type SeedResult } from './seedKeys';
import { startRetryLoop } from './retryLoop';
import { startStoreThread } from './storeThread';
import { answerStoreCalls, STORE_CALLS_PATH } from './storeCallsEndpoint';
import { rememberEnabledKeys } from './usagePlanMemo';
import { secretBoxFromEnv } from '../../shared/crypto/secretBox';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import { localKicker } from '../../shared/webhooks/retryKickers';
import { retryBackoffFromEnv } from '../../shared/webhooks/retries';
import { pairGuardOver } from '../../shared/webhooks/pairGuard';

export interface LocalServerOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  /** LOCAL_API_KEY: comma-separated key values to seed. */
  localApiKey?: string;
  /** Port of the embedded DynamoDB endpoint (0 = any), so `npm run keys` can reach the store. */
  dynamoPort?: number;
  /** Reuse a DynamoDB endpoint instead of starting dynalite (tests that share one). */
  dynamoEndpoint?: string;
  tableName?: string;
  authorizerCacheTtl?: number;
  /** IMAGE_FETCH_ALLOW_HOSTS for the functions: private `host:port` pairs they may fetch pictures from. */
  imageFetchAllowHosts?: string;
  /** DEMO_BOTS: register demo bots (owned by the first local key) when none are listed yet. */
  demoBots?: boolean;
  /** SECRETS_KEY for the functions (32 bytes, base64): seals webhook secrets; default a fresh key per process. */
  secretsKey?: string;
  /** DISCORD_API_BASE for the functions (tests: a fake Discord on 127.0.0.1). */
  discordApiBase?: string;
  /**
   * DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET: the Discord
   * application the dashboard signs in with (else the local sign-in).
   */
  discordClient?: { id: string; secret: string };
  /** LOCAL_STORE_CALLS: answer `GET /_local/store-calls` with the embedded store's call count (the bench reads it). */
  exposeStoreCalls?: boolean;
}

export interface LocalServer {
  url: string;
  port: number;
  dynamoEndpoint: string;
  tableName: string;
  seeded: SeedResult;
  /** How many demo bots were registered (0 when off or already there). */
  demoBots: number;
  /** Calls the embedded store has answered so far; undefined when the store is another process's. */
  storeCalls(): number | undefined;
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts the whole API on this machine. The functions read their configuration from the
 * environment as they do in Lambda, so it is set here before any function module is loaded;
 * one process therefore hosts one local API.
 */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const dynamo = options.dynamoEndpoint
    ? undefined
    : await startStoreThread({ dataDir: options.dataDir, port: options.dynamoPort });
  const endpoint = options.dynamoEndpoint ?? (dynamo as { endpoint: string }).endpoint;
  const tableName = options.tableName ?? process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: endpoint,
    TABLE_NAME: tableName,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
  });
  // Started here (on a thread of this process), the store shares this machine's CPU: its calls get time to finish
  // (callLimits.ts).
  process.env.DYNAMODB_EMBEDDED = dynamo ? '1' : '0';
  if (options.imageFetchAllowHosts !== undefined) process.env.IMAGE_FETCH_ALLOW_HOSTS = options.imageFetchAllowHosts;
  if (options.discordApiBase !== undefined) process.env.DISCORD_API_BASE = options.discordApiBase;
  if (options.discordClient)
    Object.assign(process.env, {
      DISCORD_CLIENT_ID: options.discordClient.id,
      DISCORD_CLIENT_SECRET: options.discordClient.secret,
    });
  // The dashboard's development sign-in, for when no Discord application is configured: only ever set here.
  process.env.DASHBOARD_LOCAL_SIGN_IN = '1';
  process.env.SECRETS_KEY = options.secretsKey ?? process.env.SECRETS_KEY ?? randomBytes(32).toString('base64');

  const stores = createStores();
  let seeded: SeedResult;
  let demoBots: number;
  try {
    await ensureTable(endpoint, tableName);
    seeded = await seedKeys(stores, options.localApiKey);
    // A store kept in DATA_DIR by an earlier version: its bots and webhooks move to their keys' owners.
    await migrateRecords(stores, tableName);
    demoBots = options.demoBots && seeded.keys[0] ? await seedDemoBots(stores.bots, seeded.keys[0].owner) : 0;
  } catch (error) {
    // Leave nothing running behind (an embedded store left listening keeps the process alive).
    stores.db.destroy();
    await dynamo?.close();
    throw error;
  }
  // The relay's retry queue: what SQS and its consumer do in AWS, in this process (and resumed from DATA_DIR).
  const now = () => new Date();
  const retries = startRetryLoop({
    deliveries: stores.deliveries,
    retryQueue: stores.retryQueue,
    kicker: localKicker,
    retryBackoffSeconds: retryBackoffFromEnv(),
    secretBox: secretBoxFromEnv(),
    pairGuard: pairGuardOver(stores, now),
    discordApiBase: discordApiBaseFromEnv(),
    now,
  });

  const { handler: authorizer } = await import('../../functions/authorizer/index');
  const groups = new Map<FunctionGroup, Promise<LambdaHandler>>();
  const loadGroup = (group: FunctionGroup) => {
    if (!manifestOf(group)) throw new Error(`unknown function group ${group}`);
    if (!groups.has(group))
      groups.set(
        group,
        importGroup(group).then((m) => m.handler),
      );
    return groups.get(group) as Promise<LambdaHandler>;
  };

  const gateway = createGateway({
    routes: routeList,
    authorizer,
    loadGroup,
    cache: new AuthorizerCache(options.authorizerCacheTtl ?? 300),
    rateLimit: rateLimitFromEnv(),
    // Only the embedded store sees every key write, so only over it may an enabled key be remembered.
    keyEnabled: dynamo
      ? rememberEnabledKeys(keyEnabledIn(stores.apiKeys), dynamo.watch.keyWrites)
      : keyEnabledIn(stores.apiKeys),
  });
  const storeCalls = () => dynamo?.watch.calls();
  const server = createServer((req, res) => {
    if (options.exposeStoreCalls && req.url === STORE_CALLS_PATH) return answerStoreCalls(res, storeCalls());
    void gateway(req, res);
  });
  server.on('clientError', answerMalformed);
  closeIdleAfterReading(server);
  server.listen(options.port ?? 3000, options.host ?? '127.0.0.1');
  try {
    await once(server, 'listening');
  } catch (error) {
    // The port is taken (or not ours to use): leave nothing running behind.
    retries.close();
    stores.db.destroy();
    await dynamo?.close();
    throw error;
  }
  await retries.resume();
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    dynamoEndpoint: endpoint,
    tableName,
    seeded,
    demoBots,
    storeCalls,
    server,
    close: async () => {
      retries.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stores.db.destroy();
      await dynamo?.close();
    },
  };
}

/**
 * A request Node's parser refuses (control characters in the target or a header, a broken
 * request line, headers too large) never reaches the gateway; it still gets the 400 envelope
 * every other bad request gets, not Node's bare "400 Bad Request".
 */
function answerMalformed(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const message =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'The request headers are too large' : 'The request is not well-formed HTTP';
  const requestId = randomUUID();
  const body = errorBody('INVALID_PARAMETER', message, requestId);
  const head = [
    'HTTP/1.1 400 Bad Request',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
