import { describe, expect, test } from '@jest/globals';
import { apiBaseUrl, requestUrl } from '../../shared/http/requestUrl';

describe('requestUrl: the URL the client called', () => {
  test('scheme from X-Forwarded-Proto, host, the path as requested (stage included) and the query in order', () => {
    const event = {
      path: '/webhooks/1/t/square',
      headers: { host: 'abc.execute-api.eu-west-1.amazonaws.com', 'x-forwarded-proto': 'https' },
      multiValueQueryStringParameters: { events: ['push'], b: ['1', '2 3'] },
      requestContext: { path: '/prod/webhooks/1/t/square' },
    };
    expect(requestUrl(event)).toBe(
      'https://abc.execute-api.eu-west-1.amazonaws.com/prod/webhooks/1/t/square?events=push&b=1&b=2+3',
    );
  });

  test('http when a proxy says so; https when nothing does; nothing without a host', () => {
    expect(requestUrl({ path: '/x', headers: { host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' } })).toBe(
      'http://127.0.0.1:3000/x',
    );
    expect(
      requestUrl({ path: '/x', headers: { host: 'api.example.com' }, multiValueQueryStringParameters: null }),
    ).toBe('https://api.example.com/x');
    expect(requestUrl({ path: '/x', headers: {} })).toBeUndefined();
    // As a client wrote the names (an authorizer's event keeps their case).
    expect(requestUrl({ path: '/x', headers: { Host: 'api.example.com', 'X-Forwarded-Proto': 'http' } })).toBe(
      'http://api.example.com/x',
    );
  });
});

describe('apiBaseUrl: the API as the client called it, up to its own paths', () => {
  test('scheme, host (its name in any case) and the stage a route sits below', () => {
    const event = {
      path: '/v1/bots',
      resource: '/v1/bots',
      headers: { Host: 'abc.execute-api.eu-west-1.amazonaws.com', 'X-Forwarded-Proto': 'https' },
      requestContext: { path: '/prod/v1/bots' },
    };
    expect(apiBaseUrl(event)).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/prod');
  });

  test('the local server: no base path; without a host, the base path alone', () => {
    expect(apiBaseUrl({ path: '/v1/bots', headers: { host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' } })).toBe(
      'http://127.0.0.1:3000',
    );
    expect(apiBaseUrl({ path: '/prod/v1/bots', resource: '/v1/bots', headers: null })).toBe('/prod');
  });
});
