import type { ApiKeyStore } from '../../store';
import { ApiError } from '../errors';
import type { ApiMiddleware } from './types';

/**
 * Write routes read the caller's key again (one strongly consistent GetItem) instead of trusting
 * an authorizer result cached for up to its TTL: a key revoked a moment ago changes nothing, even
 * where the gateway's own check lags.
 */
export function freshKey(apiKeys: ApiKeyStore): ApiMiddleware {
  return {
    before: async ({ event, context }) => {
      const keyHash = event.requestContext?.authorizer?.keyHash;
      const record = typeof keyHash === 'string' && keyHash ? await apiKeys.getByHash(keyHash) : undefined;
      if (!record || record.id !== context.keyId) throw new ApiError('UNAUTHORIZED', 'Invalid API key');
      if (record.revokedAt) throw new ApiError('UNAUTHORIZED', 'This API key has been revoked');
    },
  };
}
