import { expect, test } from '@jest/globals';
import { requestContext } from '../../shared/http/middleware/requestContext';
import type { ApiRequest } from '../../shared/http/middleware/types';
import { lambdaContext, proxyEvent } from './fixtures';

/** What the authorizer's allow carries reaches the handler's context, the quota line the limiter counts on included. */
const contextOf = async (authorizer: Record<string, unknown> | null) => {
  const event = proxyEvent();
  event.requestContext.authorizer = authorizer;
  const request = { event, context: lambdaContext(), response: undefined, error: null } as unknown as ApiRequest;
  await requestContext().before?.(request);
  return request.context;
};

test("a key holding a slot index: its id, owner and quota line are the request's", async () => {
  expect(await contextOf({ keyId: 'key_a', owner: 'bob', keyHash: 'h', quotaLine: 'bob#3' })).toMatchObject({
    keyId: 'key_a',
    account: 'bob',
    quotaLine: 'bob#3',
  });
});

test('a key holding none, or a route without a key: no quota line', async () => {
  expect((await contextOf({ keyId: 'key_b', owner: 'carol', keyHash: 'h' })).quotaLine).toBeUndefined();
  expect((await contextOf(null)).quotaLine).toBeUndefined();
});
