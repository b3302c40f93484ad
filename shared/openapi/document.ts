import type * as z from 'zod/mini';
import { ERROR_STATUS, type ErrorCode } from '../errors/apiError';
import { imageOutputQuery } from '../routes/schemas/imageOutput';
import { routeList, type RouteEntry } from '../routes/table';
import {
  errorResponse,
  headerRefs,
  headers,
  RATE_HEADERS,
  schemas,
  securitySchemes,
  successEnvelope,
  type HeaderName,
} from './components';
import { DEFAULT_CONTACT, type ApiContact } from './contact';
import { jsonSchema, type JsonSchema } from './jsonSchema';
import { operationDescription } from './operationDescription';

const DESCRIPTION = [
  'Images for chat bots (SVG, or PNG with `format=png`), information about Discord bots, and a webhook ' +
    'relay from services such as GitHub to Discord.',
  '',
  '- **Keys**: every `/v1` route takes `Authorization: Bearer <key>`.',
  '- **Quota**: 60 requests in any 60 seconds per key, over every `/v1` route (a sliding window: this ' +
    'second and the 60 before it); a dashboard key is counted per slot, so a key revoked and replaced in ' +
    'its slot shares its count. Requests without a key are counted per source IP (per webhook id on the ' +
    "relay, per signed-in account on the dashboard's API). Every answer carries `X-RateLimit-Limit`, " +
    '`X-RateLimit-Remaining`, `X-RateLimit-Reset`; a 429 adds `Retry-After`.',
  '- **Answers**: JSON routes answer `{"success": true, "data", "meta"}`; every error is `{"success": ' +
    'false, "error": {"code", "message", "details"?}, "meta"}`. Image routes answer the bare image, ' +
    'deterministic, with `ETag` (304 on `If-None-Match`) and `Cache-Control: private, max-age=86400` (an ' +
    "answer is per key, so only the caller's own cache keeps it).",
  '- **Pictures** are fetched by the service (http/https, public addresses only, 3 redirects, 5 s, 5 ' +
    'MB, PNG/JPEG/GIF/WebP) and inlined, so an SVG renders anywhere.',
  "- **Client**: `@chatbot-utility/client` (in the `client/` folder of the API's repository) is typed " +
    'from this document, one method per operation, and retries a 429 or 503 after its `Retry-After`. Its ' +
    '`@chatbot-utility/client/discord` helpers turn an image into a discord.js attachment and post a ' +
    "bot's stats for each of its shards (`autoPostStats`).",
].join('\n');

/** One tag per function group: its name and what its routes are for. */
export interface GroupTag {
  name: string;
  description: string;
}

/** The OpenAPI 3.1 document of the route table: every route, its parameters, answers and errors. */
export function openApiDocument(tags: GroupTag[], serverUrl = '/', contact: ApiContact = DEFAULT_CONTACT) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chat-bot utility API',
      version: '1.0.0',
      description: DESCRIPTION,
      contact,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl }],
    tags,
    paths: paths(),
    components: { schemas, headers, securitySchemes },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

function paths() {
  const result: Record<string, Record<string, unknown>> = {};
  for (const route of routeList) {
    result[route.path] ??= {};
    const path = result[route.path] as Record<string, unknown>;
    path[route.method.toLowerCase()] = operation(route);
    if (route.probe) path.head = probe(route);
  }
  return result;
}

/** HEAD on a probed route's path: the check a provider makes before it registers the URL. */
function probe(route: RouteEntry) {
  return {
    operationId: `${route.id}Probe`,
    summary: 'Answer the check a provider makes before it registers this URL (Trello sends HEAD)',
    description: '200 with no body, from the gateway: nothing is read, counted or forwarded.',
    tags: [route.group],
    security: [],
    parameters: parameters(route, 'path'),
    responses: {
      200: { description: 'The URL takes deliveries' },
      429: { description: "The gateway's throttle: too many requests (no body)" },
    },
  };
}

const SECURITY: Record<RouteEntry['auth'], Record<string, never[]>[]> = {
  apiKey: [{ bearerAuth: [] }],
  session: [{ sessionCookie: [] }],
  none: [],
};

function operation(route: RouteEntry) {
  return {
    operationId: route.id,
    summary: route.summary,
    description: operationDescription(
      route,
      route.schemas.query && (jsonSchema(route.schemas.query, 'input').description as string | undefined),
    ),
    tags: [route.group],
    security: SECURITY[route.auth],
    parameters: [...parameters(route, 'path'), ...parameters(route, 'query'), ...parameters(route, 'header')],
    ...(route.schemas.body || route.rawBody ? { requestBody: requestBody(route) } : {}),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}

function parameters(route: RouteEntry, where: 'path' | 'query' | 'header') {
  const sources = [
    route.schemas[where === 'header' ? 'headers' : where],
    where === 'query' && route.response === 'svg' ? imageOutputQuery : undefined,
  ].filter(Boolean) as z.core.$ZodType[];
  return sources.flatMap((source) => {
    const object = jsonSchema(source, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(object.properties ?? {}).map(([name, { description, ...schema }]) => ({
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema,
      ...(where !== 'header' && route.example[where]?.[name] !== undefined
        ? { example: wireValue(route.example[where]?.[name] as string, schema) }
        : {}),
    }));
  });
}

/** An example as the parameter's schema types it: `42` for an integer, not `"42"`. */
const wireValue = (text: string, schema: JsonSchema) =>
  schema.type === 'integer' || schema.type === 'number' ? Number(text) : text;

/**
 * Any JSON object (a provider's delivery, this document): open, since generated clients read a bare
 * `type: object` as an object with no properties and would refuse every real one.
 */
const ANY_OBJECT = { type: 'object', additionalProperties: true };

function requestBody(route: RouteEntry) {
  const limit = `at most ${Math.round((route.maxBodyBytes ?? 64 * 1024) / 1024)} KB`;
  if (route.rawBody) {
    const anything = { schema: ANY_OBJECT };
    return {
      required: true,
      description: `The delivery exactly as the provider sends it (${limit}); signatures are checked over these bytes`,
      content: { 'application/json': anything, 'application/x-www-form-urlencoded': anything },
    };
  }
  return {
    required: true,
    description: `JSON, ${limit}`,
    content: {
      'application/json': {
        schema: jsonSchema(route.schemas.body as z.core.$ZodType, 'input'),
        example: route.example.body,
      },
    },
  };
}

const answer = (description: string, names: readonly HeaderName[], content?: Record<string, unknown>) => ({
  description,
  headers: headerRefs([...RATE_HEADERS, ...names]),
  ...(content ? { content } : {}),
});

function successResponses(route: RouteEntry): Record<string, unknown> {
  switch (route.response) {
    case 'svg':
      return {
        200: answer(
          'The image: SVG by default; PNG with `format=png`, or when Accept prefers image/png',
          ['ETag', 'Cache-Control', 'Vary'],
          {
            'image/svg+xml': { schema: { type: 'string' } },
            'image/png': { schema: { type: 'string', format: 'binary' } },
          },
        ),
        304: answer('Not modified: the If-None-Match header names the current ETag', ['ETag', 'Cache-Control']),
      };
    case 'html':
      return { 200: answer('A self-contained HTML page', [], { 'text/html': { schema: { type: 'string' } } }) };
    case 'redirect':
      return { 302: answer('On to the next step of the sign-in', ['Location', 'Set-Cookie']) };
    case 'openapi':
      return {
        200: answer('This document', ['ETag', 'Cache-Control'], { 'application/json': { schema: ANY_OBJECT } }),
        304: answer('Not modified', ['ETag']),
      };
    case 'json': {
      if (route.answers === 'message') {
        return {
          200: answer('Relayed, or ignored (an event this relay does not render), or a duplicate delivery', [], {
            'application/json': { schema: { $ref: '#/components/schemas/RelayAnswer' } },
          }),
        };
      }
      const content = {
        'application/json': {
          schema: successEnvelope(route.schemas.data ? jsonSchema(route.schemas.data, 'output') : {}),
        },
      };
      return { 200: answer('Success', [], content), ...(route.creates ? { 201: answer('Created', [], content) } : {}) };
    }
  }
}

/** The refusals a route can give: those its shape implies, plus its own. */
function errorResponses(route: RouteEntry) {
  const input = [route.schemas.path, route.schemas.query].filter(Boolean) as z.core.$ZodType[];
  // Path parameters are never missing (without one, the path is another resource).
  const required =
    route.schemas.query !== undefined &&
    ((jsonSchema(route.schemas.query, 'input').required as string[] | undefined) ?? []).length > 0;
  const codes = new Set<ErrorCode>([
    ...(required ? (['MISSING_PARAMETER'] as const) : []),
    ...(input.length || route.response === 'svg' ? (['INVALID_PARAMETER'] as const) : []),
    ...(route.schemas.body || route.rawBody ? (['INVALID_BODY', 'PAYLOAD_TOO_LARGE'] as const) : []),
    ...(route.schemas.body ? (['UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(route.auth === 'none' ? [] : (['UNAUTHORIZED'] as const)),
    ...(route.errors ?? []),
    'RATE_LIMITED',
    'SERVICE_UNAVAILABLE',
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.keys()]
      .sort()
      .map((status) => [
        status,
        errorResponse(status, byStatus.get(status) as ErrorCode[], route.answers === 'message'),
      ]),
  );
}

/** The document as the file docs/openapi.json holds it. */
export const openApiText = (tags: GroupTag[], serverUrl?: string): string =>
  `${JSON.stringify(openApiDocument(tags, serverUrl), null, 2)}\n`;
