import { ApiError } from '../../shared/errors/apiError';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import type { KeyView } from '../../shared/routes/schemas/dashboard';
import type { ApiKeyRecord } from '../../shared/store';
import { type DashboardServices, signedIn } from './services';
import type { CreatedKey } from '../../shared/access/keyAdmin';
import { usageOfKey } from './keyUsage';
import { ownKey } from './ownKey';
import { accountJson } from '../../shared/runtime/signedIn';
import { MAX_ACTIVE_KEYS, NoKeySlotError } from '../../shared/access/keySlots';
import { paceRefusal } from '../../shared/access/rateLimiter';

const { dashboardKeys: listRoute, dashboardCreateKey: createRoute, dashboardRevokeKey: revokeRoute } = dashboardRoutes;

/** What the dashboard shows of a key: never its hash, nor the API Gateway key behind it. */
export const viewOf = ({ id, name, createdAt, revokedAt }: ApiKeyRecord): KeyView => ({
  id,
  name,
  createdAt,
  ...(revokedAt ? { revokedAt } : {}),
});

/** The account's keys; the active ones with their use today and when last used (from the limiter's counts). */
export const dashboardKeys = signedIn(listRoute, async (_input, session, context, services) => {
  const keys = await services.apiKeys.listByOwner(session.accountId);
  const listed = await Promise.all(
    keys.map(async (key) => {
      if (key.revokedAt) return viewOf(key);
      const { today, lastUsedAt } = await usageOfKey(key, services);
      return { ...viewOf(key), today, ...(lastUsedAt ? { lastUsedAt } : {}) };
    }),
  );
  return accountJson({ keys: listed, maxActiveKeys: MAX_ACTIVE_KEYS }, context.requestId);
});

/**
 * A new key named `name` for the session's account: counted against its creations per minute,
 * then it takes one of the account's key slots, `slots` at most (atomically: two clicks at once
 * cannot pass the limit; keySlots.ts), and the slot index `slot` when given, else the lowest free.
 */
export async function createOwnKey(
  name: string,
  session: { accountId: string },
  services: DashboardServices,
  slots = MAX_ACTIVE_KEYS,
  slot?: number,
): Promise<CreatedKey> {
  const pace = await services.keyCreations.hit(`keys:${session.accountId}`);
  if (!pace.allowed) throw paceRefusal(pace, 'keys a minute');
  try {
    return await services.keys.create({ name, owner: session.accountId, now: services.now() }, slots, slot);
  } catch (error) {
    if (error instanceof NoKeySlotError)
      throw new ApiError(
        'FORBIDDEN',
        `You have ${MAX_ACTIVE_KEYS} active keys, the most an account may hold; revoke one first`,
      );
    throw error;
  }
}

export const dashboardCreateKey = signedIn(createRoute, async ({ body }, session, context, services) => {
  const { record, value } = await createOwnKey(body.name, session, services);
  return accountJson({ key: viewOf(record), value }, context.requestId, 201);
});

/**
 * Revokes one of the account's keys.
 * A key already revoked is revoked again: a revocation that failed halfway (API Gateway throttled
 * after the key was marked) is finished by the retry, and its slot given back then (keySlots.ts).
 */
export const dashboardRevokeKey = signedIn(revokeRoute, async ({ path }, session, context, services) => {
  const found = await ownKey(path.keyId, session, services);
  const revoked = (await services.keys.revoke(found.id, services.now().toISOString())) ?? found;
  return accountJson({ key: viewOf(revoked) }, context.requestId);
});
