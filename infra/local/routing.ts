import { methodsOn, type RouteEntry } from '../../shared/routes/table';

export type RouteMatch =
  | { kind: 'route'; route: RouteEntry; pathParameters: Record<string, string> | null }
  | { kind: 'notFound' }
  | { kind: 'methodNotAllowed'; allow: string[] }
  /** HEAD on a path whose route takes probes: 200, no body, no function. */
  | { kind: 'probe' };

interface CompiledPath {
  template: string;
  pattern: RegExp;
  names: string[];
  byMethod: Map<string, RouteEntry>;
}

/** API Gateway's resource matching: literal segments, `{name}` matching one non-empty segment. */
export function createRouter(routes: RouteEntry[]): (method: string, path: string) => RouteMatch {
  const paths = new Map<string, CompiledPath>();
  for (const route of routes) {
    let compiled = paths.get(route.path);
    if (!compiled) {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(param[1]);
          return '([^/]+)';
        })
        .join('/');
      compiled = { template: route.path, pattern: new RegExp(`^${source}$`), names, byMethod: new Map() };
      paths.set(route.path, compiled);
    }
    compiled.byMethod.set(route.method, route);
  }

  return (method, path) => {
    for (const compiled of paths.values()) {
      const match = compiled.pattern.exec(path);
      if (!match) continue;
      const route = compiled.byMethod.get(method);
      const allow = methodsOn(compiled.template, [...compiled.byMethod.values()]);
      if (!route && method === 'HEAD' && allow.includes('HEAD')) return { kind: 'probe' };
      if (!route) return { kind: 'methodNotAllowed', allow };
      const values = match.slice(1).map(decodeSegment);
      const pathParameters = compiled.names.length
        ? Object.fromEntries(compiled.names.map((name, i) => [name, values[i] ?? '']))
        : null;
      return { kind: 'route', route, pathParameters };
    }
    return { kind: 'notFound' };
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
