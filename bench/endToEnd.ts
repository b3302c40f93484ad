import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { STORE_CALLS_PATH } from '../infra/local/storeCallsEndpoint';
import { routes } from '../shared/routes/table';
import { startFakeDiscord } from '../fixtures/fakeDiscord';
import { githubPush } from '../fixtures/githubPush';
import { sendBody, startImageHost } from '../fixtures/imageHost';
import { startMain, stop } from '../fixtures/localServerProcess';
import { gradientPng } from '../fixtures/pictures';
import { startBareAnswer } from './bareAnswer';
import { roundSummary, significant, summarize, type Summary } from './stats';

/**
 * End-to-end HTTP through the local server (`npm start`'s entry point in its own process, with
 * its embedded dynalite), driven by autocannon from this process, which also plays the image host
 * and Discord on 127.0.0.1. Many keys are seeded and used in turn, each holding a slot of its own
 * account as a dashboard key does: the key's counter and its account's count every request.
 */
export interface EndToEndOptions {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** API keys seeded through LOCAL_API_KEY and used round-robin (and as many Discord webhook ids). */
  keys: number;
  /** RATE_LIMIT_PER_MINUTE of the server: per key (and per webhook id). */
  ratePerMinute: number;
  /** Requests sent one at a time per scenario to count its store calls. */
  storeCallProbes: number;
}

export interface ScenarioFigures {
  scenario: string;
  request: string;
  what: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Per request, ms, from autocannon's own timing of each response. */
  latencyMs: Summary;
  /** Responses by status code: all 2xx unless something went wrong (a 429 would mean the limiter tripped). */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** DynamoDB calls the server made per request, counted over requests sent one at a time after the warm-up. */
  storeCallsPerRequest: number;
}

export interface EndToEndFigures {
  keys: number;
  ratePerMinute: number;
  /** How many requests per second the seeded keys could make before any is limited. */
  limiterCapacityPerSecond: number;
  scenarios: ScenarioFigures[];
  /** A bare node:http answer, driven as the scenarios are in the same run: what the machine and autocannon allow. */
  bareNodeHttp?: { requests: number; requestsPerSecond: number; latencyMs: Summary };
}

interface Scenario {
  name: string;
  request: string;
  what: string;
  method: 'GET' | 'POST';
  path(n: number): string;
  headers(n: number): Record<string, string>;
  body?(n: number): string;
}

const BOT_ID = '159985870458322944';
const WEBHOOK_TOKEN = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcdefghijklmnopqrstuvwxyz01';
/** Discord webhook ids (17–20 digits), one per key so the relay's per-webhook limit is spread too. */
const webhookId = (n: number) => String(400000000000000000n + BigInt(n));

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

function scenarios(keys: string[], imageHost: string): Scenario[] {
  const keyed = (n: number) => ({ Authorization: `Bearer ${keys[n % keys.length]}` });
  const rankCardQuery = query({
    ...(routes.rankCard.example.query as Record<string, string>),
    avatar: `${imageHost}/avatar.png`,
  });
  const push = JSON.stringify(githubPush);
  return [
    {
      name: 'rank-card',
      request: `GET ${routes.rankCard.path}?<example, avatar on the image host>`,
      what: 'authorizer + limiter + rank card SVG; the avatar is fetched once, then served from the fetcher cache',
      method: 'GET',
      path: () => `${routes.rankCard.path}?${rankCardQuery}`,
      headers: keyed,
    },
    {
      name: 'filter (contrast)',
      request: `GET ${routes.contrast.path}?image=<new URL each time>&amount=2`,
      what:
        'authorizer + limiter + a fresh picture fetch from the image host ' +
        '(a distinct URL per request: no cache hit) + 512×512 filter SVG',
      method: 'GET',
      path: (n) => `${routes.contrast.path}?${query({ image: `${imageHost}/picture.png?n=${n}`, amount: '2' })}`,
      headers: keyed,
    },
    {
      name: 'bot read',
      request: `GET /v1/bots/${BOT_ID}`,
      what: 'authorizer + limiter + the bot record, its latest stats and status from DynamoDB',
      method: 'GET',
      path: () => `/v1/bots/${BOT_ID}`,
      headers: keyed,
    },
    {
      name: 'webhook relay',
      request: 'POST /webhooks/{id}/{token}/github (push)',
      what:
        'limiter per webhook id + GitHub push rendered to an embed + delivery claimed, token sealed, ' +
        'posted to the fake Discord, outcome logged',
      method: 'POST',
      path: (n) => `/webhooks/${webhookId(n % keys.length)}/${WEBHOOK_TOKEN}/github`,
      headers: (n) => ({
        'Content-Type': 'application/json',
        'X-GitHub-Event': 'push',
        'X-GitHub-Delivery': `bench-${n}`,
      }),
      body: () => push,
    },
  ];
}

interface Run {
  latencies: number[];
  statuses: Record<string, number>;
  result: autocannon.Result;
}

/**
 * One autocannon run of a scenario; `next` numbers the requests across runs (unique delivery ids, fresh picture URLs).
 */
function cannon(
  url: string,
  scenario: Scenario,
  next: () => number,
  run: { connections: number; duration?: number; amount?: number },
): Promise<Run> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: run.connections,
        ...(run.amount !== undefined ? { amount: run.amount } : { duration: run.duration }),
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              const n = next();
              const body = scenario.body?.(n);
              return {
                ...request,
                method: scenario.method,
                path: scenario.path(n),
                headers: { ...request.headers, ...scenario.headers(n) },
                ...(body !== undefined ? { body } : {}),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ latencies, statuses, result })),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

/**
 * Registers the bots scenario's bot and verifies it as its owner would: the fake Discord answers
 * the example token (whose first part is the bot's id) with the bot's application, so the bot is
 * listed and readable by every key. Then one heartbeat, so a read has stats and a status to show.
 */
async function seedVerifiedBot(url: string, key: string): Promise<void> {
  const steps = [
    { route: routes.registerBot, method: 'PUT', status: 201 },
    { route: routes.verifyBot, method: 'POST', status: 200 },
    { route: routes.postBotStats, method: 'POST', status: 200 },
  ];
  for (const { route, method, status } of steps) {
    const path = route.path.replace('{clientId}', BOT_ID);
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(route.example.body),
    });
    if (response.status !== status)
      throw new Error(`seeding the bot: ${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
}

/** The server's store call count (LOCAL_STORE_CALLS=1 exposes it). */
async function storeCalls(url: string): Promise<number> {
  const { storeCalls: calls } = (await (await fetch(`${url}${STORE_CALLS_PATH}`)).json()) as { storeCalls: number };
  if (typeof calls !== 'number') throw new Error('the local server does not count its store calls');
  return calls;
}

/**
 * Store calls per request of a scenario: `probes` requests one at a time, counted from before the
 * first to after the last; a moment's wait lets writes made after an answer (the relay's outcome) land.
 */
async function storeCallsPer(url: string, scenario: Scenario, next: () => number, probes: number): Promise<number> {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  await settle();
  const before = await storeCalls(url);
  for (let i = 0; i < probes; i += 1) await expectOk(url, scenario, next());
  await settle();
  return significant(((await storeCalls(url)) - before) / probes, 3);
}

async function expectOk(url: string, scenario: Scenario, n: number): Promise<void> {
  const body = scenario.body?.(n);
  const response = await fetch(`${url}${scenario.path(n)}`, {
    method: scenario.method,
    headers: scenario.headers(n),
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(
      `${scenario.name}: ${scenario.method} ${scenario.path(n)} answered ${response.status} ${text.slice(0, 300)}`,
    );
}

/** The bare node:http answer, warmed up and measured as each scenario is. */
async function benchBareAnswer(options: EndToEndOptions): Promise<NonNullable<EndToEndFigures['bareNodeHttp']>> {
  const bare = await startBareAnswer();
  const scenario: Scenario = {
    name: 'bare',
    request: 'GET /',
    what: '',
    method: 'GET',
    path: () => '/',
    headers: () => ({}),
  };
  try {
    const run = { connections: options.connections };
    await cannon(bare.url, scenario, () => 0, { ...run, duration: options.warmupSeconds });
    const { latencies, result } = await cannon(bare.url, scenario, () => 0, {
      ...run,
      duration: options.durationSeconds,
    });
    const seconds = result.duration > 0 ? result.duration : options.durationSeconds;
    return {
      requests: latencies.length,
      requestsPerSecond: significant(latencies.length / seconds, 4),
      latencyMs: roundSummary(summarize(latencies.length ? latencies : [Number.NaN]), 3),
    };
  } finally {
    await stop(bare.child);
  }
}

export async function benchEndToEnd(
  options: EndToEndOptions,
  log: (line: string) => void = () => undefined,
): Promise<EndToEndFigures> {
  const keys = Array.from(
    { length: options.keys },
    (_, i) => `bench-key-${String(i).padStart(4, '0')}-${randomBytes(8).toString('hex')}`,
  );
  const picture = gradientPng(256);
  const host = await startImageHost({ '/avatar.png': sendBody(picture), '/picture.png': sendBody(picture) });
  const discord = await startFakeDiscord();
  const started = await startMain({
    PORT: '0',
    LOCAL_DYNAMODB_PORT: '0',
    LOCAL_API_KEY: keys.join(','),
    RATE_LIMIT_PER_MINUTE: String(options.ratePerMinute),
    // Every webhook id of the run is a new pair for the relay's guard once, all from 127.0.0.1.
    RELAY_NEW_PAIRS_PER_MINUTE: String(keys.length),
    IMAGE_FETCH_ALLOW_HOSTS: host.hostPort,
    DISCORD_API_BASE: discord.apiBase,
    LOCAL_STORE_CALLS: '1',
  });
  // startMain reads the server's stdout (its request log); its
  // stderr must be drained too, or a full pipe would stall it.
  const stderrTail: string[] = [];
  started.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail.push(chunk);
    if (stderrTail.length > 20) stderrTail.shift();
  });
  let counter = 0;
  const next = () => (counter += 1);
  try {
    const url = started.url;
    await seedVerifiedBot(url, keys[0] as string);
    const all = scenarios(keys, host.url);
    for (const scenario of all) await expectOk(url, scenario, next());
    // Every key twice through the gateway: its authorizer cache then holds them all, and it knows them enabled, as a
    // warm gateway would.
    const botRead = all.find((scenario) => scenario.name === 'bot read') as Scenario;
    await cannon(url, botRead, next, { connections: options.connections, amount: keys.length * 2 });

    const figures: ScenarioFigures[] = [];
    for (const scenario of all) {
      await cannon(url, scenario, next, { connections: options.connections, duration: options.warmupSeconds });
      const { latencies, statuses, result } = await cannon(url, scenario, next, {
        connections: options.connections,
        duration: options.durationSeconds,
      });
      const storeCallsPerRequest = await storeCallsPer(url, scenario, next, options.storeCallProbes);
      const requests = latencies.length;
      const seconds = result.duration > 0 ? result.duration : options.durationSeconds;
      const scenarioFigures: ScenarioFigures = {
        scenario: scenario.name,
        request: scenario.request,
        what: scenario.what,
        connections: options.connections,
        durationSeconds: significant(seconds, 3),
        requests,
        requestsPerSecond: significant(requests / seconds, 4),
        latencyMs: roundSummary(summarize(latencies.length ? latencies : [Number.NaN]), 3),
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
        storeCallsPerRequest,
      };
      figures.push(scenarioFigures);
      const { requestsPerSecond, latencyMs } = scenarioFigures;
      log(
        `e2e ${scenario.name}: ${requestsPerSecond} req/s, median ${latencyMs.median} ms, p99 ${latencyMs.p99} ms, ` +
          `statuses ${JSON.stringify(statuses)}, ${storeCallsPerRequest} store calls a request`,
      );
    }
    const bareNodeHttp = await benchBareAnswer(options);
    log(`e2e bare node:http: ${bareNodeHttp.requestsPerSecond} req/s, median ${bareNodeHttp.latencyMs.median} ms`);
    return {
      keys: keys.length,
      ratePerMinute: options.ratePerMinute,
      limiterCapacityPerSecond: Math.floor((keys.length * options.ratePerMinute) / 60),
      scenarios: figures,
      bareNodeHttp,
    };
  } catch (error) {
    if (stderrTail.length) log(`server stderr (tail): ${stderrTail.join('')}`);
    throw error;
  } finally {
    await stop(started.child);
    await discord.close();
    await host.close();
  }
}
