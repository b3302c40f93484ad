import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { LocalServer } from '../../infra/local/server';
import { catchAllMethods, mockAnswer, probeMethods, resourcePaths, routedMethods, synthesised } from '../infra/synth';
import { call, startTestApi, type Reply } from '../support/localApi';
import { routeList } from '../../shared/routes/table';
import { functionIdOf } from '../infra/synth';
import { exampleRequest } from '../support/routeExamples';

/** The deployed API and the local one expose exactly the same routes, and answer the rest alike. */
const KEY = 'parity-key-0123456789';
let api: LocalServer;
let routed: Set<string>;
let methods: Map<string, Record<string, any>>;
let paths: Set<string>;
/** Each routed path's ANY method (its 405 catch-all, a mock integration). */
let catchAlls: Map<string, Record<string, any>>;
/** Each probed path's HEAD method (a mock answering 200). */
let probes: Map<string, Record<string, any>>;

beforeAll(async () => {
  const { template } = await synthesised();
  methods = routedMethods(template);
  routed = new Set(methods.keys());
  paths = new Set(resourcePaths(template).values());
  catchAlls = catchAllMethods(template);
  probes = probeMethods(template);
  api = await startTestApi({ localApiKey: KEY });
}, 120_000);
afterAll(async () => {
  await api.close();
});

const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

/** What a client sees of a 405, from either gateway: status, Allow, and the envelope's code and message. */
const fromLocal = (reply: Reply) => ({
  status: reply.status,
  allow: reply.headers.get('allow') ?? undefined,
  code: reply.json?.error?.code,
  message: reply.json?.error?.message,
});
const fromMock = (method: Record<string, any>, httpMethod: string) => {
  const { status, allow, body } = mockAnswer(method, { httpMethod, requestId: 'r', requestTime: 't' });
  return { status, allow, code: body.error?.code, message: body.error?.message };
};

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

  test("HEAD on a probed path: 200 and no body from the stack's mock and locally, for probes only", async () => {
    expect([...probes.keys()].sort()).toEqual(
      routeList
        .filter((route) => route.probe)
        .map((route) => route.path)
        .sort(),
    );
    expect(probes.size).toBeGreaterThan(0);
    for (const [path, method] of probes) {
      expect(method.Integration.IntegrationResponses.map((r: { StatusCode: string }) => r.StatusCode)).toEqual(['200']);
      const reply = await call(`${api.url}${concrete(path).replace(/x$/, 'github')}`, { method: 'HEAD' });
      expect([path, reply.status, reply.text]).toEqual([path, 200, '']);
    }
  });

  test("every other method on those paths: the local 405 is the stack’s ANY mock's answer", async () => {
    expect([...catchAlls.keys()].sort()).toEqual(
      [...new Set([...routed].map((route) => route.split(' ')[1] as string))].sort(),
    );
    for (const [path, catchAll] of catchAlls) {
      const allow = [
        ...[...routed].filter((route) => route.endsWith(` ${path}`)).map((route) => route.split(' ')[0]),
        ...(probes.has(path) ? ['HEAD'] : []),
      ];
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        if (routed.has(`${method} ${path}`)) continue;
        const deployed = fromMock(catchAll, method);
        const local = fromLocal(await call(`${api.url}${concrete(path)}`, { method, key: KEY }));
        expect([method, path, local]).toEqual([method, path, deployed]);
        expect([method, path, deployed]).toEqual([
          method,
          path,
          {
            status: 405,
            allow: [...allow].sort().join(', '),
            code: 'METHOD_NOT_ALLOWED',
            message: expect.stringContaining(method),
          },
        ]);
      }
    }
  });

  test('paths the stack has no method on (its intermediate resources) are 404 locally, as in API Gateway', async () => {
    const intermediate = [...paths].filter((path) => ![...routed].some((route) => route.endsWith(` ${path}`)));
    expect(intermediate.length).toBeGreaterThan(0);
    for (const path of intermediate)
      expect([path, (await call(`${api.url}${concrete(path)}`, { key: KEY })).status]).toEqual([path, 404]);
  });

  test('dashboard routes: no authorizer or key in the stack; the function checks sessions, locally too', async () => {
    const signedIn = routeList.filter((route) => route.auth === 'session');
    expect(signedIn.map((route) => route.group)).toEqual(expect.arrayContaining(['dashboard', 'bots']));
    for (const route of signedIn) {
      const method = methods.get(`${route.method} ${route.path}`);
      expect([route.id, method?.AuthorizationType, method?.ApiKeyRequired ?? false]).toEqual([route.id, 'NONE', false]);
      // Served by its group's function, as the route table says.
      expect([route.id, functionIdOf(method ?? {}).toLowerCase()]).toEqual([
        route.id,
        expect.stringMatching(new RegExp(`^${route.group.replace('-', '')}function`)),
      ]);
      // The route's own example (a valid request), with a key and no session.
      const example = exampleRequest(route);
      const reply = await call(`${api.url}${example.path}`, {
        method: example.method,
        key: KEY,
        headers: example.headers,
        body: example.body,
      });
      expect([route.id, reply.status, reply.json?.error?.code]).toEqual([route.id, 401, 'UNAUTHORIZED']);
      expect(reply.json.error.message).toMatch(/Not signed in/);
    }
  });
});
