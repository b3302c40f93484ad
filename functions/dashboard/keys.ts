import { ApiError } from '../../shared/errors/apiError';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import type { KeyView } from '../../shared/routes/schemas/dashboard';
import type { ApiKeyRecord } from '../../shared/store';
import { MAX_ACTIVE_KEYS, signedIn } from './services';
import { usageOfKey } from './keyUsage';
import { accountJson } from '../../shared/runtime/signedIn';

const { dashboardKeys: listRoute, dashboardCreateKey: createRoute, dashboardRevokeKey: revokeRoute } = dashboardRoutes;

/** What the dashboard shows of a key: never its hash, nor the API Gateway key behind it. */
const viewOf = ({ id, name, createdAt, revokedAt }: ApiKeyRecord): KeyView => ({ id, name, createdAt, ...(revokedAt ? { revokedAt } : {}) });

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
 * A new key for the account: counted against its creations per minute, then one of its key slots
 * is taken (atomically: two clicks at once cannot pass the limit) and given back if creating fails.
 */
export const dashboardCreateKey = signedIn(createRoute, async ({ body }, session, context, services) => {
  const pace = await services.keyCreations.hit(`keys:${session.accountId}`);
  if (!pace.allowed) throw new ApiError('RATE_LIMITED', `At most ${pace.limit} keys a minute; retry in ${pace.retryAfter} s`, undefined, { 'Retry-After': String(pace.retryAfter) });
  if (!(await services.accounts.reserveKeySlot(session.accountId, MAX_ACTIVE_KEYS))) {
    throw new ApiError('FORBIDDEN', `You have ${MAX_ACTIVE_KEYS} active keys, the most an account may hold; revoke one first`);
  }
  try {
    const { record, value } = await services.keys.create({ name: body.name, owner: session.accountId, now: services.now() });
    return accountJson({ key: viewOf(record), value }, context.requestId, 201);
  } catch (error) {
    await services.accounts.releaseKeySlot(session.accountId);
    throw error;
  }
});

/** Revokes one of the account's keys; another account's key is as absent as an unknown one (404). */
export const dashboardRevokeKey = signedIn(revokeRoute, async ({ path }, session, context, services) => {
  const found = await services.apiKeys.getById(path.keyId);
  if (!found || found.owner !== session.accountId) throw new ApiError('NOT_FOUND', `You have no key ${path.keyId}`);
  if (found.revokedAt) return accountJson({ key: viewOf(found) }, context.requestId);
  const at = services.now().toISOString();
  const revoked = (await services.keys.revoke(found.id, at)) ?? found;
  // Only the revocation that happened here gives the slot back (two at once: one of them).
  if (revoked.revokedAt === at) await services.accounts.releaseKeySlot(session.accountId);
  return accountJson({ key: viewOf(revoked) }, context.requestId);
});
