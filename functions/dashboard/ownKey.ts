import { ApiError } from '../../shared/errors/apiError';
import type { DashboardServices } from './services';

/** One of the account's keys; another account's key is as absent as an unknown one (404). */
export async function ownKey(keyId: string, session: { accountId: string }, services: DashboardServices) {
  const found = await services.apiKeys.getById(keyId);
  if (!found || found.owner !== session.accountId) throw new ApiError('NOT_FOUND', `You have no key ${keyId}`);
  return found;
}
