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

/** Integers without a stated maximum are capped at 15 digits: past this, a maximum is not worth stating. */
const UNSTATED_MAXIMUM = 1e14;

/** "1 to 100", "0 or more", "up to 5". */
function range(low: unknown, high: unknown): string | undefined {
  const top = typeof high === 'number' && high < UNSTATED_MAXIMUM ? high : undefined;
  if (low !== undefined && top !== undefined) return `${low} to ${top}`;
  if (low !== undefined) return `${low} or more`;
  return top === undefined ? undefined : `up to ${top}`;
}

/** "up to 32 characters", "20 to 100 characters". */
function length(low: unknown, high: unknown): string | undefined {
  if (high === undefined) return typeof low === 'number' && low > 1 ? `at least ${low} characters` : undefined;
  return typeof low === 'number' && low > 1 ? `${low} to ${high} characters` : `up to ${high} characters`;
}

/** What kind of value the schema takes, in words. */
function kind(schema: Record<string, unknown>): (string | undefined)[] {
  switch (schema.type) {
    case 'integer':
      return [['whole number', range(schema.minimum, schema.maximum)].filter(Boolean).join(', ')];
    case 'number':
      return [['number', range(schema.minimum, schema.maximum)].filter(Boolean).join(', ')];
    case 'boolean':
      return ['true or false'];
    case 'string':
      return [
        schema.format === 'uri' ? 'a URL (http or https)' : undefined,
        length(schema.minLength, schema.maxLength),
      ];
    default:
      return [];
  }
}

/**
 * A parameter's rules in words, from its schema: "whole number, 1 to 1024, default 512", "one of
 * png, svg, any case", "a URL (http or https), up to 2048 characters". A pattern is never shown as
 * written: where one is defined it carries a `title` saying what it takes, and that is read here.
 * A title is the whole rule in words, so an enum's values are listed only where it has none.
 */
export function describeSchema(schema: Record<string, unknown>): string {
  const title = typeof schema.title === 'string' ? schema.title : undefined;
  const parts = [
    title,
    !title && Array.isArray(schema.enum) ? `one of ${schema.enum.join(', ')}` : undefined,
    ...kind(schema),
    schema.default !== undefined ? `default ${schema.default}` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'text';
}

/** A wide block that scrolls on its own on narrow screens; focusable, so keyboards can scroll it too. */
const scrollBox = (label: string, content: Child, className = 'scroll'): Child =>
  h('div', { class: className, tabindex: '0', role: 'region', 'aria-label': label }, content);

/** The parameter tables' columns; on phones each cell is labelled with its column (pageStyle.ts). */
const COLUMNS = ['Parameter', 'In', 'Rules', 'Meaning'] as const;

function parameterTable(operationId: string, parameters: Parameter[]): Child {
  if (parameters.length === 0) return null;
  const row = (p: Parameter) =>
    h(
      'tr',
      {},
      h('td', { 'data-label': COLUMNS[0] }, h('code', {}, p.name), p.required ? ' (required)' : ''),
      h('td', { 'data-label': COLUMNS[1] }, p.in),
      h('td', { 'data-label': COLUMNS[2] }, describeSchema(p.schema)),
      h('td', { 'data-label': COLUMNS[3] }, inlineCode(p.description ?? '')),
    );
  return scrollBox(
    `Parameters of ${operationId}`,
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          COLUMNS.map((label) => h('th', { scope: 'col' }, label)),
        ),
      ),
      h('tbody', {}, parameters.map(row)),
    ),
    'scroll params',
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
