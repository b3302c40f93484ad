import { afterAll, beforeAll } from '@jest/globals';
import { startLocalServer, type LocalServer, type LocalServerOptions } from '../../infra/local/server';

export const RANK_CARD_QUERY = 'username=a&level=1&xp=1&requiredXp=10&rank=1';

/** The local server on a free port with its own in-memory store and the given seeded keys. */
export function startTestApi(options: LocalServerOptions = {}): Promise<LocalServer> {
  return startLocalServer({ port: 0, dynamoPort: 0, tableName: 'e2e-table', ...options });
}

/**
 * A suite's local server: started before its tests (`options` read then, so a suite can set the
 * environment first) and closed after them. `api.url` and `api.server` are there once started.
 */
export function useTestApi(options: LocalServerOptions | (() => LocalServerOptions) = {}): {
  readonly url: string;
  readonly server: LocalServer;
} {
  let server: LocalServer | undefined;
  beforeAll(async () => {
    server = await startTestApi(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = () => {
    if (!server) throw new Error('the test API is not started yet (use it inside a test or hook)');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get server() {
      return started();
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export async function call(url: string, init: RequestInit & { key?: string } = {}): Promise<Reply> {
  const headers = new Headers(init.headers);
  if (init.key !== undefined) headers.set('Authorization', `Bearer ${init.key}`);
  const response = await fetch(url, { ...init, headers });
  return replyOf(response.status, response.headers, await response.text());
}

/** A reply as the suites read it: its JSON when the body is JSON. */
export function replyOf(status: number, headers: Headers, text: string): Reply {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
}

/** Asserts the three rate-limit headers are present integers and returns them. */
export function rateHeaders(reply: Reply) {
  const read = (name: string) => {
    const value = reply.headers.get(name);
    if (value === null || !/^\d+$/.test(value)) throw new Error(`${name} is ${value}, not an integer`);
    return Number(value);
  };
  return {
    limit: read('X-RateLimit-Limit'),
    remaining: read('X-RateLimit-Remaining'),
    reset: read('X-RateLimit-Reset'),
  };
}

/** Waits (at most ~15 s) until the current minute has enough seconds left for a burst. */
export async function awayFromWindowEdge(secondsNeeded = 15): Promise<void> {
  const left = 60 - (Math.floor(Date.now() / 1000) % 60);
  if (left < secondsNeeded) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}
