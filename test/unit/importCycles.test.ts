import { describe, expect, test } from '@jest/globals';
import { cruise } from 'dependency-cruiser';

/**
 * The import graph of the service's code, read by dependency-cruiser (type-only imports count:
 * they tie the folders together as much as any other). A folder is a top-level folder of shared/
 * or infra/, a function group's folder, or the root files of functions/, bench/ or fixtures/.
 */
const ROOTS = ['shared', 'functions', 'infra', 'bench', 'fixtures'];
const folderOf = (file: string) =>
  file
    .split('/')
    .slice(0, file.split('/').length > 2 ? 2 : 1)
    .join('/');

async function importGraph(): Promise<Map<string, string[]>> {
  const result = await cruise(
    ROOTS,
    { tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' }, exclude: { path: 'node_modules' } },
    { extensions: ['.ts'] },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser gave no graph');
  return new Map(
    result.output.modules.map((module) => [
      module.source,
      module.dependencies.filter((d) => !d.coreModule && d.resolved.endsWith('.ts')).map((d) => d.resolved),
    ]),
  );
}

/** Strongly connected components with more than one member (Tarjan): each is a cycle, or several tangled together. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const modules = await importGraph();

describe('import cycles', () => {
  test('the graph is the whole service (every group entry and shared module is read)', () => {
    expect(modules.has('functions/webhooks/index.ts')).toBe(true);
    expect(modules.get('functions/filters/index.ts')).toContain('shared/runtime/groupHandler.ts');
    expect(modules.size).toBeGreaterThan(150);
  });

  test('none between modules', () => {
    expect(cycles(new Map([...modules].map(([file, deps]) => [file, new Set(deps)])))).toEqual([]);
  });

  test('none between folders', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, deps] of modules) {
      const from = folders.get(folderOf(file)) ?? folders.set(folderOf(file), new Set()).get(folderOf(file))!;
      for (const dep of deps) if (folderOf(dep) !== folderOf(file)) from.add(folderOf(dep));
    }
    expect(cycles(folders)).toEqual([]);
  });

  test('the cycle finder finds a cycle of folders, and one in a larger graph', () => {
    const graph = (edges: [string, string][]) => {
      const result = new Map<string, Set<string>>();
      for (const [a, b] of edges) (result.get(a) ?? result.set(a, new Set()).get(a)!).add(b);
      return result;
    };
    expect(
      cycles(
        graph([
          ['shared/svg', 'shared/http'],
          ['shared/http', 'shared/svg'],
        ]),
      ),
    ).toEqual([['shared/http', 'shared/svg']]);
    expect(
      cycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
          ['d', 'e'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('layers', () => {
  // The HTTP layer (envelopes, middleware, cookies) serves every kind of function; the store is one
  // of the things a function may use. shared/http naming a store type tied every handler to it.
  test('shared/http imports nothing from shared/store, not even a type', () => {
    const fromHttp = [...modules].filter(([file]) => file.startsWith('shared/http/'));
    expect(fromHttp.length).toBeGreaterThan(5);
    expect(
      fromHttp.flatMap(([file, deps]) =>
        deps.filter((dep) => dep.startsWith('shared/store/')).map((dep) => `${file} -> ${dep}`),
      ),
    ).toEqual([]);
  });

  // What a bot's profile holds is declared once, beneath everything that stores, checks or shows it.
  test('shared/bots imports nothing from the store, the routes or a function', () => {
    const fromBots = [...modules].filter(([file]) => file.startsWith('shared/bots/'));
    expect(fromBots.map(([file]) => file)).toContain('shared/bots/fields.ts');
    expect(
      fromBots.flatMap(([file, deps]) =>
        deps.filter((dep) => /^(shared\/(store|routes)|functions)\//.test(dep)).map((dep) => `${file} -> ${dep}`),
      ),
    ).toEqual([]);
  });

  // Each group's folder is one Lambda: what two groups share (the image routes' handlers the docs
  // gallery draws with, a session guard) lives in shared/, so no function carries another's code.
  test("a function group imports nothing from another group's folder", () => {
    const groupOf = (file: string) => /^functions\/([^/]+)\//.exec(file)?.[1];
    const fromGroups = [...modules].filter(([file]) => groupOf(file));
    expect(fromGroups.some(([file]) => file === 'functions/docs/gallery.ts')).toBe(true);
    expect(
      fromGroups.flatMap(([file, deps]) =>
        deps.filter((dep) => groupOf(dep) && groupOf(dep) !== groupOf(file)).map((dep) => `${file} -> ${dep}`),
      ),
    ).toEqual([]);
  });

  // The bench runs without the test suite: what both need (stand-in servers, pictures, payloads) lives in fixtures/.
  test('bench/ and fixtures/ import nothing from test/', () => {
    const fromBench = [...modules].filter(([file]) => /^(bench|fixtures)\//.test(file));
    expect(fromBench.map(([file]) => file)).toEqual(expect.arrayContaining(['bench/run.ts', 'fixtures/imageHost.ts']));
    expect(
      fromBench.flatMap(([file, deps]) =>
        deps.filter((dep) => dep.startsWith('test/')).map((dep) => `${file} -> ${dep}`),
      ),
    ).toEqual([]);
  });
});
