import { describe, expect, test } from '@jest/globals';
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { AuthorizerCache, allows } from '../../infra/local/authorizerCache';

const ARN = 'arn:aws:execute-api:us-east-1:000000000000:local/v1/GET/v1/images/rank-card';
const result = (effect: 'Allow' | 'Deny', resource: string): APIGatewayAuthorizerResult => ({
  principalId: 'p',
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
});

describe('policy evaluation', () => {
  test('a stage wildcard allows every method and path of the stage, and only of that stage', () => {
    const allow = result('Allow', 'arn:aws:execute-api:us-east-1:000000000000:local/v1/*');
    expect(allows(allow, ARN)).toBe(true);
    expect(allows(allow, ARN.replace('/v1/GET', '/v2/GET'))).toBe(false);
  });

  test('deny, or an allow for another resource, does not allow', () => {
    expect(allows(result('Deny', ARN), ARN)).toBe(false);
    expect(allows(result('Allow', ARN.replace('rank-card', 'other')), ARN)).toBe(false);
  });

  test('an explicit deny wins over an allow', () => {
    const both: APIGatewayAuthorizerResult = {
      principalId: 'p',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Action: 'execute-api:Invoke',
            Effect: 'Allow',
            Resource: 'arn:aws:execute-api:us-east-1:000000000000:local/v1/*',
          },
          { Action: 'execute-api:Invoke', Effect: 'Deny', Resource: ARN },
        ],
      },
    };
    expect(allows(both, ARN)).toBe(false);
  });
});

describe('result cache', () => {
  test('keeps allows for the TTL, then forgets them', () => {
    let now = 1_000_000;
    const cache = new AuthorizerCache(300, () => now);
    const allow = result('Allow', ARN);
    cache.set('Bearer a', allow);
    expect(cache.get('Bearer a')).toBe(allow);
    now += 299_999;
    expect(cache.get('Bearer a')).toBe(allow);
    now += 1;
    expect(cache.get('Bearer a')).toBeUndefined();
  });

  test('stays bounded: past MAX_ENTRIES the oldest entry goes', () => {
    const cache = new AuthorizerCache(300);
    const allow = result('Allow', ARN);
    for (let i = 0; i <= AuthorizerCache.MAX_ENTRIES; i += 1) cache.set(`Bearer ${i}`, allow);
    expect(cache.get('Bearer 0')).toBeUndefined();
    expect(cache.get('Bearer 1')).toBe(allow);
    expect(cache.get(`Bearer ${AuthorizerCache.MAX_ENTRIES}`)).toBe(allow);
  });

  test('never keeps denies, and keeps nothing with TTL 0', () => {
    const cache = new AuthorizerCache(300);
    cache.set('Bearer bad', result('Deny', ARN));
    expect(cache.get('Bearer bad')).toBeUndefined();
    const off = new AuthorizerCache(0);
    off.set('Bearer a', result('Allow', ARN));
    expect(off.get('Bearer a')).toBeUndefined();
  });
});
