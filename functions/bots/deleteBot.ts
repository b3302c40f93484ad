import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { callerOf, refused } from './access';

export const deleteBot: BotHandler<Routes['deleteBot']> = async ({ path }, context, deps) => {
  const result = await deps.bots.delete(path.clientId, callerOf(context.account));
  if (result !== true) throw await refused(deps, result, path.clientId);
  return jsonResponse({ clientId: path.clientId, deleted: true }, context.requestId);
};
