import type { OpenApiDocument } from '../../shared/openapi/document';
import { h, type Child } from '../../shared/html/builder';
import { inlineCode } from './inlineCode';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: unknown[];
  parameters: Parameter[];
  requestBody?: { description: string; content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

/** "integer 1..1024, default 512": a parameter's rules in a few words. */
export function describeSchema(schema: Record<string, unknown>): string {
  // Integers without a stated maximum are capped at 15 digits: shown as "at least".
  const range = (low: unknown, high: unknown, unit = '') =>
    low === undefined && high === undefined
      ? ''
      : typeof high === 'number' && high > 1e14
        ? ` >= ${low}`
        : ` ${low ?? ''}..${high ?? ''}${unit}`;
  const length = range(schema.minLength, schema.maxLength, ' characters');
  const parts = [
    `${schema.type ?? 'any'}${range(schema.minimum, schema.maximum)}${length}`,
    Array.isArray(schema.enum) ? `one of ${schema.enum.join(', ')}` : undefined,
    schema.format === 'uri' ? 'URL' : undefined,
    typeof schema.pattern === 'string' ? `matching ${schema.pattern}` : undefined,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}

/** A wide block that scrolls on its own on narrow screens; focusable, so keyboards can scroll it too. */
const scrollBox = (label: string, content: Child): Child =>
  h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': label }, content);

function parameterTable(operationId: string, parameters: Parameter[]): Child {
  if (parameters.length === 0) return null;
  const row = (p: Parameter) =>
    h(
      'tr',
      {},
      h('td', {}, h('code', {}, p.name), p.required ? ' (required)' : ''),
      h('td', {}, p.in),
      h('td', {}, describeSchema(p.schema)),
      h('td', {}, inlineCode(p.description ?? '')),
    );
  return scrollBox(
    `Parameters of ${operationId}`,
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h('tr', {}, h('th', {}, 'Parameter'), h('th', {}, 'In'), h('th', {}, 'Rules'), h('th', {}, 'Meaning')),
      ),
      h('tbody', {}, parameters.map(row)),
    ),
  );
}

function operationEntry(method: string, path: string, operation: Operation): Child {
  const body = operation.requestBody;
  const example = body && Object.values(body.content)[0]?.example;
  return h(
    'article',
    { id: operation.operationId },
    h('h3', {}, h('span', { class: `method ${method}` }, method.toUpperCase()), ' ', h('code', {}, path)),
    h(
      'p',
      {},
      inlineCode(operation.description),
      operation.security.length
        ? h('span', { class: 'badge' }, 'API key')
        : h('span', { class: 'badge open' }, 'no key'),
    ),
    parameterTable(operation.operationId, operation.parameters),
    body &&
      h(
        'p',
        {},
        h('strong', {}, 'Body: '),
        inlineCode(body.description),
        ` (${Object.keys(body.content).join(' or ')})`,
      ),
    example !== undefined && h('pre', { tabindex: '0' }, JSON.stringify(example, null, 2)),
    h(
      'ul',
      { class: 'responses' },
      Object.entries(operation.responses).map(([status, response]) =>
        h(
          'li',
          {},
          h('strong', {}, status),
          ' ',
          inlineCode(response.description),
          response.content ? ` (${Object.keys(response.content).join(', ')})` : '',
        ),
      ),
    ),
  );
}

/** The API reference, drawn from the OpenAPI document: one section per tag, one entry per operation. */
export function reference(document: OpenApiDocument): Child[] {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );
  return document.tags.map((tag) => {
    const entries = operations.filter(({ operation }) => operation.tags.includes(tag.name));
    return h(
      'section',
      { id: `tag-${tag.name}` },
      h('h2', {}, tag.name),
      h('p', {}, tag.description),
      entries.map((e) => operationEntry(e.method, e.path, e.operation)),
    );
  });
}
