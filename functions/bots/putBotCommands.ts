import { commandsByCategory } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { callerOf, refused } from './access';

/** Replaces the whole command list. */
export const putBotCommands: BotHandler<Routes['putBotCommands']> = async ({ path, body }, context, deps) => {
  const result = await deps.bots.putCommands(path.clientId, callerOf(context.account), body.commands, deps.now());
  if (typeof result === 'string') throw await refused(deps, result, path.clientId);
  return jsonResponse(commandsByCategory(path.clientId, result), context.requestId);
};
