import { DENY_MESSAGES } from '../access/authorizer';
import { whereKeysComeFrom } from '../http/gatewayResponses';
import { apiBaseUrl } from '../http/requestUrl';
import { activeKey } from '../access/keys';
import type { ApiKeyStore } from '../store';
import { ApiError } from '../errors/apiError';
import type { ApiMiddleware } from '../http/middleware/types';

/**
 * Write routes read the caller's key again (one strongly consistent GetItem) instead of trusting
 * an authorizer result cached for up to its TTL: a key revoked a moment ago changes nothing, even
 * where the gateway's own check lags. Refused as the authorizer refuses, with where keys come from.
 */
export function freshKey(apiKeys: ApiKeyStore): ApiMiddleware {
  return {
    before: async ({ event, context }) => {
      const keyHash = event.requestContext?.authorizer?.keyHash;
      const key =
        typeof keyHash === 'string' && keyHash
          ? activeKey(await apiKeys.getByHash(keyHash), keyHash)
          : ({ ok: false, reason: 'unknown' } as const);
      if (!key.ok) throw new ApiError('UNAUTHORIZED', whereKeysComeFrom(DENY_MESSAGES[key.reason], apiBaseUrl(event)));
      if (key.record.id !== context.keyId)
        throw new ApiError('UNAUTHORIZED', whereKeysComeFrom(DENY_MESSAGES.unknown, apiBaseUrl(event)));
    },
  };
}
