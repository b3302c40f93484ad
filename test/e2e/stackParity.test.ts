import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { deployedGroups, functionId } from '../../infra/cdk/functions';
import type { LocalServer } from '../../infra/local/server';
import type { LambdaHandler } from '../../shared/http/stack';
import { functionIdOf, proxyMethods, resourcePaths, routedMethods, synthStack } from '../infra/synth';
import { call, startTestApi, type Reply } from '../support/localApi';
import { lambdaContext, proxyEvent } from '../unit/fixtures';

/** The deployed API and the local one expose exactly the same routes, and answer the rest alike. */
const KEY = 'parity-key-0123456789';
let api: LocalServer;
let routed: Set<string>;
let paths: Set<string>;
/** Each routed path's ANY method (its 405 catch-all): the logical id of the function it invokes. */
let catchAlls: Map<string, string>;

beforeAll(async () => {
  const { template } = synthStack();
  routed = new Set(routedMethods(template).keys());
  paths = new Set(resourcePaths(template).values());
  catchAlls = new Map([...proxyMethods(template)].filter(([key]) => key.startsWith('ANY ')).map(([key, method]) => [key.slice(4), functionIdOf(method.Properties)]));
  api = await startTestApi({ localApiKey: KEY });
});
afterAll(async () => {
  await api.close();
});

const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

/** The group function behind a logical id, loaded as the local server loads it (same modules, same environment). */
async function groupLambda(logicalId: string): Promise<LambdaHandler> {
  const group = deployedGroups().find((g) => new RegExp(`^${functionId(g)}[0-9A-F]{8}$`).test(logicalId));
  if (!group) throw new Error(`no group has function ${logicalId}`);
  return ((await import(`../../functions/${group}/index`)) as { handler: LambdaHandler }).handler;
}

/** What a client sees of a 405: status, Allow and the envelope's code, from either gateway. */
const fromLambda = (result: APIGatewayProxyResult) => ({ status: result.statusCode, allow: result.headers?.Allow, code: JSON.parse(result.body).error?.code });
const fromLocal = (reply: Reply) => ({ status: reply.status, allow: reply.headers.get('allow') ?? undefined, code: reply.json?.error?.code });

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

  test('every other method on those paths: the local 405 is the one the stack’s ANY method gets from its group function', async () => {
    expect([...catchAlls.keys()].sort()).toEqual([...new Set([...routed].map((route) => route.split(' ')[1] as string))].sort());
    for (const [path, logicalId] of catchAlls) {
      const lambda = await groupLambda(logicalId);
      const allow = [...routed].filter((route) => route.endsWith(` ${path}`)).map((route) => route.split(' ')[0]);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (routed.has(`${method} ${path}`)) continue;
        // The event API Gateway sends for the ANY method: no key, the resource's template path.
        const deployed = fromLambda(await lambda(proxyEvent({ method, resource: path, query: null, keyId: null }), lambdaContext()));
        const local = fromLocal(await call(`${api.url}${concrete(path)}`, { method, key: KEY }));
        expect([method, path, local]).toEqual([method, path, deployed]);
        expect([method, path, deployed]).toEqual([method, path, { status: 405, allow: [...allow].sort().join(', '), code: 'METHOD_NOT_ALLOWED' }]);
      }
    }
  });

  test('paths the stack has no method on (its intermediate resources) are 404 locally, as in API Gateway', async () => {
    const intermediate = [...paths].filter((path) => ![...routed].some((route) => route.endsWith(` ${path}`)));
    expect(intermediate.length).toBeGreaterThan(0);
    for (const path of intermediate) expect([path, (await call(`${api.url}${concrete(path)}`, { key: KEY })).status]).toEqual([path, 404]);
  });
});
