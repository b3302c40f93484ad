import { botDetail } from '../../shared/bots/views';
import { jsonResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { statusSettings, visibleBot } from './access';

export const getBot: RouteHandler<Routes['getBot']> = async ({ path }, context, deps) =>
  jsonResponse(botDetail(await visibleBot(deps, path.clientId, context.keyId), statusSettings(deps), context.keyId), context.requestId);
