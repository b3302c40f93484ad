import { describe, expect, test } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { openApiDocument, openApiText } from '../../shared/openapi/document';
import { routeList } from '../../shared/routes/table';
import { providers } from '../../shared/webhooks/providers/index';
import { groupTags } from '../../functions/groups';

const document = openApiDocument(groupTags(), '/prod');
type Operation = {
  operationId: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, any>;
  requestBody?: any;
};
const operation = (id: string): Operation => {
  const route = routeList.find((r) => r.id === id)!;
  return (document.paths as Record<string, Record<string, Operation>>)[route.path]![route.method.toLowerCase()]!;
};
const parameter = (id: string, name: string) => operation(id).parameters.find((p) => p.name === name);

describe('the OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    // The validator does refuse a broken document.
    const { info: _info, ...broken } = JSON.parse(JSON.stringify(document));
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  test('lists exactly the routes of the table, each once, by its id', () => {
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Plus HEAD on a probed route's path (a provider's check before it registers the URL).
    expect(listed.sort()).toEqual(
      [
        ...routeList.map((route) => `${route.method} ${route.path}`),
        ...routeList.filter((route) => route.probe).map((route) => `HEAD ${route.path}`),
      ].sort(),
    );
    expect(routeList.map((route) => operation(route.id).operationId)).toEqual(routeList.map((route) => route.id));
  });

  test('parameters carry their wire type, range, default and whether they are required', () => {
    expect(parameter('rankCard', 'level')).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    });
    expect(parameter('rankCard', 'theme')).toMatchObject({
      required: false,
      schema: {
        type: 'string',
        default: 'dark',
        enum: expect.arrayContaining(['dark', 'light']),
        title: expect.stringMatching(/any case$/),
      },
    });
    expect(parameter('rankCard', 'username')).toMatchObject({
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 32 },
    });
    expect(parameter('jail', 'width')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 1024, default: 512 },
    });
    expect(parameter('contrast', 'amount')).toMatchObject({
      schema: { type: 'number', minimum: 0, maximum: 5, default: 1.5 },
    });
    expect(parameter('pixelate', 'size')).toMatchObject({
      schema: { type: 'integer', minimum: 2, maximum: 128, default: 16 },
    });
    expect(parameter('jail', 'image')).toMatchObject({ required: true, schema: { type: 'string', format: 'uri' } });
    expect(parameter('getBot', 'clientId')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: expect.any(String) },
    });
    expect(parameter('listBots', 'limit')).toMatchObject({
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    });
  });

  test('every image route takes format=svg|png; no other route does', () => {
    for (const route of routeList) {
      const format = parameter(route.id, 'format');
      if (route.response === 'svg')
        expect(format).toMatchObject({
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['svg', 'png'], title: 'one of svg, png, any case' },
        });
      else expect(format).toBeUndefined();
    }
  });

  test('path parameters are exactly those of the path; examples are the table examples', () => {
    for (const route of routeList) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(
        operation(route.id)
          .parameters.filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
      ).toEqual(names.sort());
      for (const p of operation(route.id).parameters) {
        const example = (route.example as Record<string, Record<string, string> | undefined>)[p.in]?.[p.name];
        // Typed as the parameter is: 42 for an integer.
        const documented = (p as { example?: string | number }).example;
        expect(documented === undefined ? undefined : String(documented)).toBe(example);
        if (documented !== undefined)
          expect(typeof documented).toBe(
            p.schema.type === 'integer' || p.schema.type === 'number' ? 'number' : 'string',
          );
      }
    }
  });

  test('the bearer scheme guards /v1 routes, the session cookie the dashboard API, nothing else', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'cbk_session',
    });
    for (const route of routeList) {
      const expected = { apiKey: [{ bearerAuth: [] }], session: [{ sessionCookie: [] }], none: [] }[route.auth];
      expect(operation(route.id).security).toEqual(expected);
      if (route.auth === 'session') expect(route.path.startsWith('/dashboard/api/')).toBe(true);
    }
  });

  test('answers: images as SVG or PNG with 304; JSON in the envelope; errors with rate headers', () => {
    const image = operation('jail').responses;
    expect(Object.keys(image[200].content)).toEqual(['image/svg+xml', 'image/png']);
    expect(image[304]).toBeDefined();
    const bot = operation('getBot').responses[200].content['application/json'].schema;
    expect(bot.properties.data.properties).toHaveProperty('clientId');
    expect(bot.properties.data.additionalProperties).toBe(false);
    expect(Object.keys(operation('registerBot').responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '413', '415', '429', '503']),
    );
    expect(Object.keys(operation('getBot').responses)).toEqual(expect.arrayContaining(['404']));
    expect(operation('getBot').responses).not.toHaveProperty('413');
    expect(operation('relayWebhook').responses[401].content['application/json'].schema.allOf[0].$ref).toBe(
      '#/components/schemas/RelayAnswer',
    );
    // Each status names the codes this route can give with it, and no others.
    const codes = (id: string, status: number) =>
      operation(id).responses[status].content['application/json'].schema.properties.error.properties.code.enum;
    expect(codes('rankCard', 400).sort()).toEqual(['IMAGE_FETCH_FAILED', 'INVALID_PARAMETER', 'MISSING_PARAMETER']);
    expect(codes('changeMyMind', 400).sort()).toEqual(['INVALID_PARAMETER', 'MISSING_PARAMETER']);
    expect(codes('getBot', 400)).toEqual(['INVALID_PARAMETER']);
    expect(codes('registerBot', 400).sort()).toEqual(['INVALID_BODY', 'INVALID_PARAMETER']);
    for (const route of routeList) {
      for (const [status, response] of Object.entries(operation(route.id).responses)) {
        expect(Object.keys(response.headers)).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
        if (status === '429' || status === '503') expect(response.headers).toHaveProperty('Retry-After');
      }
    }
  });

  test('the server is the base path the document was asked from (/ when none is given)', () => {
    expect(document.servers).toEqual([{ url: '/prod' }]);
    expect(openApiDocument(groupTags()).servers).toEqual([{ url: '/' }]);
  });

  test('every operation has a description saying more than its summary', () => {
    for (const route of routeList) {
      const { summary, description } = operation(route.id) as Operation & { summary: string; description?: string };
      expect(description?.startsWith(`${summary}.`)).toBe(true);
      expect(description!.length).toBeGreaterThan(summary.length + 20);
    }
    // A rule spanning parameters is stated where a client reads the operation.
    expect((operation('distracted') as { description?: string }).description).toContain(
      'At least one of boyfriend, girlfriend, other is required',
    );
  });

  test('the relay documents every header a provider module reads, naming the providers', () => {
    const headers = operation('relayWebhook').parameters.filter((p) => p.in === 'header') as unknown as {
      name: string;
      required: boolean;
      description: string;
    }[];
    const read = providers.flatMap((provider) =>
      provider.headers.map((header) => ({ ...header, provider: provider.displayName })),
    );
    expect(read.map((header) => header.name)).toEqual(
      expect.arrayContaining([
        'X-GitHub-Event',
        'X-Gitlab-Event',
        'X-Event-Key',
        'circleci-event-type',
        'Sentry-Hook-Resource',
        'X-Hub-Signature-256',
        'Heroku-Webhook-Hmac-SHA256',
      ]),
    );
    expect(headers.map((header) => header.name.toLowerCase()).sort()).toEqual(
      [...new Set(read.map((header) => header.name.toLowerCase()))].sort(),
    );
    for (const header of read) {
      const documented = headers.find((p) => p.name.toLowerCase() === header.name.toLowerCase())!;
      expect(documented.required).toBe(false);
      expect(documented.description).toContain(`${header.provider}: the ${header.carries}`);
    }
    // Only the relay reads provider headers; the dashboard's writes document their CSRF header, required.
    for (const route of routeList.filter((r) => r.id !== 'relayWebhook')) {
      const documented = operation(route.id).parameters.filter((p) => p.in === 'header') as unknown as {
        name: string;
        required: boolean;
      }[];
      expect(documented).toEqual(
        route.auth === 'session' && route.method !== 'GET'
          ? [expect.objectContaining({ name: 'X-CSRF-Token', required: true })]
          : [],
      );
    }
  });

  test('docs/openapi.json is the current document (npm run openapi writes it)', () => {
    expect(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')).toBe(openApiText(groupTags()));
  });
});
