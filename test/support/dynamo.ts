import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDynamo, type EmbeddedDynamo } from '../../infra/local/embeddedDynamo';
import { ensureTable } from '../../infra/local/localTable';
import { createStores, type Stores } from '../../shared/store';

export interface TestStore {
  dynamo: EmbeddedDynamo;
  tableName: string;
  stores: Stores;
  close(): Promise<void>;
}

/** A fresh dynalite with a fresh table per suite, so suites never share state; `start` says where it runs. */
export async function startTestStore(start: () => Promise<EmbeddedDynamo> = startEmbeddedDynamo): Promise<TestStore> {
  const dynamo = await start();
  const tableName = `test-${randomBytes(4).toString('hex')}`;
  await ensureTable(dynamo.endpoint, tableName);
  const stores = createStores({ tableName, endpoint: dynamo.endpoint, region: 'us-east-1' });
  return {
    dynamo,
    tableName,
    stores,
    close: async () => {
      stores.db.destroy();
      await dynamo.close();
    },
  };
}

/** What the store is asked, as the stoppable store's relay sees it. */
export interface StoreRequest {
  /** X-Amz-Target, e.g. `DynamoDB_20120810.UpdateItem`. */
  target: string;
  body: string;
}

/**
 * dynalite on data kept in a temporary directory, behind a relay on 127.0.0.1 whose endpoint
 * outlives it: `stop()` stops dynalite itself, and while it is down the relay cuts every request
 * off as a dead endpoint would; `start()` starts it again on the same data.
 */
export interface StoppableStore {
  endpoint: string;
  running(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * Stops the store at the `n`-th request (counting from 0) that `matches`: `before` it reaches
   * the store, or `after` the store has done it, losing the answer (a write that landed although
   * its caller saw an outage).
   */
  stopAt(n: number, when: 'before' | 'after', matches: (request: StoreRequest) => boolean): void;
  close(): Promise<void>;
}

export async function startStoppableStore(): Promise<StoppableStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stoppable-dynalite-'));
  let dynamo: EmbeddedDynamo | undefined = await startEmbeddedDynamo({ dataDir });
  let trap: { left: number; when: 'before' | 'after'; matches: (request: StoreRequest) => boolean } | undefined;
  const stop = async () => {
    const running = dynamo;
    dynamo = undefined;
    await running?.close();
  };

  const relay = createServer(async (req, res) => {
    const body = Buffer.concat(await req.toArray());
    const request = { target: String(req.headers['x-amz-target'] ?? ''), body: body.toString('utf8') };
    const sprung = trap?.matches(request) && trap.left-- === 0 ? trap.when : undefined;
    if (sprung) trap = undefined;
    if (sprung === 'before') await stop();
    const answer = dynamo && (await forward(dynamo.endpoint, req, body).catch(() => undefined));
    if (sprung === 'after') await stop();
    if (!answer || sprung) return void req.socket.destroy();
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');

  return {
    endpoint: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    running: () => dynamo !== undefined,
    stop,
    start: async () => {
      dynamo ??= await startEmbeddedDynamo({ dataDir });
    },
    stopAt: (n, when, matches) => {
      trap = { left: n, when, matches };
    },
    close: async () => {
      relay.closeAllConnections();
      relay.close();
      await once(relay, 'close');
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One request passed on to the store, its answer read whole
 * (one connection each, so a stop never waits on an idle one).
 */
function forward(
  endpoint: string,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = request(
      `${endpoint}${req.url ?? '/'}`,
      { method: req.method, headers: { ...req.headers, connection: 'close' }, agent: false },
      (response) => {
        const { connection: _connection, ...headers } = response.headers;
        response
          .toArray()
          .then(
            (chunks) => resolve({ status: response.statusCode ?? 500, headers, body: Buffer.concat(chunks) }),
            reject,
          );
      },
    );
    upstream.on('error', reject).end(body);
  });
}

/** A table of the suite's own: started before its tests, closed after them; the getter reads it in a test. */
export function suiteStore(): () => TestStore {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await startTestStore();
  });
  afterAll(() => store?.close());
  return () => store as TestStore;
}
