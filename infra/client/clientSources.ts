import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { groupTags } from '../../functions/groups';
import { openApiText } from '../../shared/openapi/document';
import { routeList, type RouteEntry } from '../../shared/routes/table';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a client method gives back: image bytes or SVG text, the envelope's `data`, or the JSON as answered. */
export type ClientAnswer = 'image' | 'data' | 'json';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, { content?: unknown }>;
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

/**
 * The routes the client calls: those a key (or nobody) may call and that answer data or an image.
 * The dashboard's session routes, its pages and the sign-in redirects are for browsers, not bots.
 */
export const clientRoutes = (): RouteEntry[] =>
  routeList.filter((route) => route.auth !== 'session' && ['svg', 'json', 'openapi'].includes(route.response));

const answerOf = (route: RouteEntry): ClientAnswer =>
  route.response === 'svg' ? 'image' : route.response === 'json' && route.answers !== 'message' ? 'data' : 'json';

/**
 * The OpenAPI document cut to the client's operations and their successes: errors are thrown as
 * ApiError whatever their shape, so their schemas (and every response header) would only add weight.
 */
function clientDocument(routes: RouteEntry[]): Document {
  const document = JSON.parse(openApiText(groupTags())) as Document;
  const paths: Document['paths'] = {};
  for (const route of routes) {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()];
    if (!operation) throw new Error(`the OpenAPI document has no ${route.method} ${route.path}`);
    const responses = Object.fromEntries(
      Object.entries(operation.responses)
        .filter(([status]) => /^2\d\d$/.test(status))
        .map(([status, response]) => [status, { ...response, headers: undefined }]),
    );
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: { ...operation, responses } };
  }
  const components = document.components as Record<string, unknown>;
  return { ...document, paths, components: { ...components, headers: undefined } };
}

/** A summary as JSDoc lines of at most ~100 characters. */
function docLines(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length > 96) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return [`${indent}/**`, ...lines.map((text) => `${indent} * ${text.replaceAll('*/', '*\\/')}`), `${indent} */`];
}

/** One method of the generated class: its parameters follow what the route takes. */
function methodText(route: RouteEntry, operation: Operation): string[] {
  const id = route.id;
  const parameters = (operation.parameters ?? []).filter((parameter) => ['path', 'query'].includes(parameter.in));
  const required = parameters.some((parameter) => parameter.required);
  const image = answerOf(route) === 'image';
  const paramsType = image ? 'P' : `Params<'${id}'>`;
  const args: string[] = [];
  if (parameters.length > 0) args.push(required ? `params: ${paramsType}` : `params?: ${paramsType}`);
  const hasBody = operation.requestBody !== undefined;
  if (hasBody) args.push(`body: ${route.rawBody ? 'RawBody' : `Body<'${id}'>`}`);
  args.push('options?: RequestOptions');
  const result = image ? 'ImageOf<P>' : answerOf(route) === 'data' ? `Result<'${id}'>` : `Json<'${id}'>`;
  const generic = image ? `<const P extends Params<'${id}'>>` : '';
  const passed = [parameters.length > 0 ? 'params' : 'undefined', hasBody ? 'body' : 'undefined'];
  const call = `this.call('${id}', ${passed.join(', ')}, options)`;
  const signature = `  ${id}${generic}(${args.join(', ')}): Promise<${result}> {`;
  return [
    ...docLines(`${route.summary}: \`${route.method} ${route.path}\`.`, '  '),
    ...(signature.length <= 120
      ? [signature]
      : [`  ${id}${generic}(`, ...args.map((arg) => `    ${arg},`), `  ): Promise<${result}> {`]),
    `    return ${call} as Promise<${result}>;`,
    '  }',
  ];
}

/** The generated module of the client's methods: a table of the routes, and a class with one method per route. */
function methodsModule(routes: RouteEntry[], document: Document): string {
  const table = routes.map(
    (route) => `  ${route.id}: { method: '${route.method}', path: '${route.path}', answer: '${answerOf(route)}' },`,
  );
  const methods = routes.flatMap((route) => {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Operation;
    return ['', ...methodText(route, operation)];
  });
  return [
    '// Generated by `npm run client` from the route table and the OpenAPI document: do not edit.',
    "import type { Body, ImageOf, Json, Params, RawBody, RequestOptions, Result, RouteCall } from '../types.js';",
    '',
    '/** Each route the client calls: its method, its path and what it answers. */',
    'export const OPERATIONS = {',
    ...table,
    '} as const satisfies Record<string, RouteCall>;',
    '',
    'export type OperationId = keyof typeof OPERATIONS;',
    '',
    '/** One method per route of the API; ChatbotApi makes the calls. */',
    'export abstract class Methods {',
    '  protected abstract call(',
    '    id: OperationId,',
    '    params: object | undefined,',
    '    body: unknown,',
    '    options: RequestOptions | undefined,',
    '  ): Promise<unknown>;',
    ...methods,
    '}',
    '',
  ].join('\n');
}

const TYPES_HEADER = '// Generated by `npm run client` with openapi-typescript from the OpenAPI document: do not edit.';

/** The client's generated sources (paths from the repository's root) and their text, as `npm run client` writes. */
export async function clientSources(): Promise<{ file: string; text: string }[]> {
  const routes = clientRoutes();
  const document = clientDocument(routes);
  const types = astToString(await openapiTS(document as never, {}));
  return [
    {
      file: 'client/src/generated/openapi.ts',
      text: `${TYPES_HEADER}\n${types}`,
    },
    { file: 'client/src/generated/methods.ts', text: methodsModule(routes, document) },
  ];
}
