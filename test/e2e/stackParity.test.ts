import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { LocalServer } from '../../infra/local/server';
import { resourcePaths, routedMethods, synthStack } from '../infra/synth';
import { call, startTestApi } from '../support/localApi';

/** The deployed API and the local one expose exactly the same routes, and answer the rest alike. */
const KEY = 'parity-key-0123456789';
let api: LocalServer;
let routed: Set<string>;
let paths: Set<string>;

beforeAll(async () => {
  const { template } = synthStack();
  routed = new Set(routedMethods(template).keys());
  paths = new Set(resourcePaths(template).values());
  api = await startTestApi({ localApiKey: KEY });
});
afterAll(async () => {
  await api.close();
});

const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

describe('local server and CDK stack', () => {
  test('every method the stack routes is served locally (not 404 or 405)', async () => {
    expect(routed.size).toBeGreaterThan(0);
    for (const route of routed) {
      const [method, path] = route.split(' ') as [string, string];
      const reply = await call(`${api.url}${concrete(path)}`, { method, key: KEY });
      expect([route, reply.status]).not.toEqual([route, 404]);
      expect([route, reply.status]).not.toEqual([route, 405]);
    }
  });

  test('every other method on those paths is a 405 locally, as the stack’s mock answers', async () => {
    for (const path of new Set([...routed].map((route) => route.split(' ')[1] as string))) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (routed.has(`${method} ${path}`)) continue;
        expect([method, path, (await call(`${api.url}${concrete(path)}`, { method, key: KEY })).status]).toEqual([method, path, 405]);
      }
    }
  });

  test('paths the stack has no method on (its intermediate resources) are 404 locally, as in API Gateway', async () => {
    const intermediate = [...paths].filter((path) => ![...routed].some((route) => route.endsWith(` ${path}`)));
    expect(intermediate.length).toBeGreaterThan(0);
    for (const path of intermediate) expect([path, (await call(`${api.url}${concrete(path)}`, { key: KEY })).status]).toEqual([path, 404]);
  });
});
