import { expect, test } from '@jest/globals';
import { basePathOf } from '../../shared/http/basePath';

test.each([
  [
    'execute-api URL',
    { resource: '/openapi.json', path: '/openapi.json', requestContext: { path: '/prod/openapi.json' } },
    '/prod',
  ],
  ['execute-api root with a slash', { resource: '/', path: '/', requestContext: { path: '/prod/' } }, '/prod'],
  ['execute-api root without a slash', { resource: '/', path: '/', requestContext: { path: '/prod' } }, '/prod'],
  [
    'a path parameter',
    { resource: '/v1/bots/{clientId}', path: '/v1/bots/123', requestContext: { path: '/prod/v1/bots/123' } },
    '/prod',
  ],
  [
    'custom domain, no mapping',
    { resource: '/openapi.json', path: '/openapi.json', requestContext: { path: '/openapi.json' } },
    '',
  ],
  [
    'custom domain with a mapping also in event.path',
    { resource: '/v1/bots', path: '/api/v1/bots', requestContext: { path: '/api/v1/bots' } },
    '/api',
  ],
  [
    'custom domain with a two-level mapping',
    { resource: '/', path: '/', requestContext: { path: '/chat/api/' } },
    '/chat/api',
  ],
  ['the local server', { resource: '/webhooks', path: '/webhooks', requestContext: { path: '/webhooks' } }, ''],
])('%s', (_name, event, base) => {
  expect(basePathOf(event)).toBe(base);
});
