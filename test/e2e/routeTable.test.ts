import { describe, expect, test } from '@jest/globals';
import { routeList } from '../../shared/routes/table';
import { groupManifests } from '../../functions/groups';
import { call, useTestApi } from '../support/localApi';

const KEY = 'route-table-key-0123';
const api = useTestApi({ localApiKey: KEY });

describe('the route table', () => {
  test('ids, method+path pairs are unique; groups are known; path parameters have schemas', () => {
    expect(new Set(routeList.map((r) => `${r.method} ${r.path}`)).size).toBe(routeList.length);
    for (const route of routeList) {
      expect(groupManifests.map((group) => group.name)).toContain(route.group);
      expect(route.path.startsWith('/v1/')).toBe(route.auth === 'apiKey');
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const shape = (route.schemas.path as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort()).toEqual(names.sort());
    }
  });

  test.each(routeList.map((r) => [r.id, r] as const))('%s: its example is a valid request', (_id, route) => {
    const { path = {}, query = {}, body } = route.example;
    expect(route.schemas.path?.safeParse(path).error).toBeUndefined();
    expect(route.schemas.query?.safeParse(query).error).toBeUndefined();
    expect(route.schemas.body?.safeParse(body).error).toBeUndefined();
    expect(Object.keys(path).sort()).toEqual([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    expect(body === undefined).toBe(route.schemas.body === undefined);
  });

  test.each(routeList.map((r) => [r.id, r] as const))(
    '%s is served by its group function through the local server',
    async (_id, route) => {
      const path = route.path.replace(/\{\w+\}/g, 'x');
      const reply = await call(`${api.url}${path}`, { method: route.method, key: KEY });
      // Missing parameters are fine (400); the gateway's and the group's 404/405 are not.
      expect([404, 405]).not.toContain(reply.status);
      expect(reply.status).toBeLessThan(500);
    },
  );
});
