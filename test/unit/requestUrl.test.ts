import { describe, expect, test } from '@jest/globals';
import { requestUrl } from '../../shared/http/requestUrl';

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
  });
});
