import { MAX_ACTIVE_KEYS } from '../../shared/access/keySlots';
import { ApiError } from '../../shared/errors/apiError';
import { logger } from '../../shared/logging/logger';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { accountJson } from '../../shared/runtime/signedIn';
import { createOwnKey, viewOf } from './keys';
import { ownKey } from './ownKey';
import { signedIn } from './services';

/**
 * Rolls one of the account's active keys: a replacement with the same name (its value shown once,
 * as a new key's is), then the old key revoked.
 */
export const dashboardRollKey = signedIn(
  dashboardRoutes.dashboardRollKey,
  async ({ path }, session, context, services) => {
    const old = await ownKey(path.keyId, session, services);
    if (old.revokedAt) throw new ApiError('FORBIDDEN', `Key ${old.name} is revoked; create a new key instead`);
    // Created first, revoked second: a failure between leaves two working keys, never none. The
    // replacement may take one slot past the limit for that moment (the old key's comes back). It
    // takes the old key's slot index, so its requests go on being counted on the same quota line.
    const { record, value } = await createOwnKey(old.name, session, services, MAX_ACTIVE_KEYS + 1, old.slot);
    let replaced = old;
    try {
      replaced = (await services.keys.revoke(old.id, services.now().toISOString())) ?? old;
    } catch (error) {
      logger.warn('rolling a key: its replacement was made, the old key is not revoked', {
        keyId: old.id,
        error: error as Error,
      });
    }
    return accountJson({ key: viewOf(record), value, replaced: viewOf(replaced) }, context.requestId, 201);
  },
);
