import { commandsByCategory } from '../../shared/bots/views';
import { jsonResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { visibleBot } from './access';

export const getBotCommands: RouteHandler<Routes['getBotCommands']> = async ({ path }, context, deps) => {
  await visibleBot(deps, path.clientId, context.keyId);
  return jsonResponse(commandsByCategory(path.clientId, await deps.bots.commands(path.clientId)), context.requestId);
};
