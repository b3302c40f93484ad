import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { ApiKeyStore } from '../store';
import { activeKey, hashKey, readBearer } from './keys';
import { quotaLineOf } from './keySlots';
import { ipPrincipal, type RateDecision, type RateLimiter } from './rateLimiter';

export interface AuthorizerDeps {
  apiKeys: ApiKeyStore;
  limiter: RateLimiter;
}

/** What a handler finds in `requestContext.authorizer` after an allow. */
export interface AllowContext {
  keyId: string;
  owner: string;
  /** The key's SHA-256, by which write routes read the key again (freshKey). */
  keyHash: string;
  /** The quota line the key's requests are counted on (quotaLineOf); absent for a key holding no slot index. */
  quotaLine?: string;
}

/** What the gateway response for a deny reads (API Gateway maps ACCESS_DENIED to our 401). */
export interface DenyContext {
  code: 'UNAUTHORIZED';
  message: string;
  rateLimitLimit: number;
  rateLimitRemaining: number;
  rateLimitReset: number;
  rateLimitRetryAfter?: number;
}

export const DENY_MESSAGES = {
  missing: 'Missing API key: send Authorization: Bearer <API_KEY>',
  malformed: 'Malformed Authorization header: expected Bearer <API_KEY>',
  unknown: 'Invalid API key',
  revoked: 'This API key has been revoked',
} as const;

/**
 * REQUEST authorizer. A valid key gets an Allow on the whole stage, so one cached result serves
 * every route, with the key's SHA-256 as usageIdentifierKey (no plaintext key outside the client).
 * Anything else is denied and counted against the caller's address, the deny carrying the numbers
 * its 401 shows; store failures propagate (503).
 */
export async function authorize(
  event: APIGatewayRequestAuthorizerEvent,
  deps: AuthorizerDeps,
): Promise<APIGatewayAuthorizerResult> {
  const bearer = readBearer(event.headers);
  if (!bearer.ok) return deny(event, DENY_MESSAGES[bearer.reason], deps);

  const keyHash = hashKey(bearer.key);
  const key = activeKey(await deps.apiKeys.getByHash(keyHash), keyHash);
  if (!key.ok) return deny(event, DENY_MESSAGES[key.reason], deps);
  const record = key.record;

  const quotaLine = quotaLineOf(record);
  const context: AllowContext = {
    keyId: record.id,
    owner: record.owner,
    keyHash: record.keyHash,
    ...(quotaLine ? { quotaLine } : {}),
  };
  return {
    principalId: record.id,
    usageIdentifierKey: record.keyHash,
    policyDocument: policy('Allow', stageWildcard(event.methodArn)),
    context: { ...context },
  };
}

async function deny(
  event: APIGatewayRequestAuthorizerEvent,
  message: string,
  deps: AuthorizerDeps,
): Promise<APIGatewayAuthorizerResult> {
  const decision: RateDecision = await deps.limiter.hit(
    ipPrincipal(event.requestContext?.identity?.sourceIp ?? 'unknown'),
  );
  const context: DenyContext = {
    code: 'UNAUTHORIZED',
    message,
    rateLimitLimit: decision.limit,
    rateLimitRemaining: decision.remaining,
    rateLimitReset: decision.reset,
    ...(decision.retryAfter !== undefined ? { rateLimitRetryAfter: decision.retryAfter } : {}),
  };
  return { principalId: 'anonymous', policyDocument: policy('Deny', event.methodArn), context: { ...context } };
}

function policy(effect: 'Allow' | 'Deny', resource: string): APIGatewayAuthorizerResult['policyDocument'] {
  return { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }] };
}

/** arn:...:apiId/stage/METHOD/path -> arn:...:apiId/stage/* */
export function stageWildcard(methodArn: string): string {
  const [api, stage] = methodArn.split('/');
  return `${api}/${stage}/*`;
}
