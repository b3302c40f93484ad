import { botDetail } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { statusSettings, visibleBot } from './access';

export const getBot: BotHandler<Routes['getBot']> = async ({ path }, context, deps) =>
  jsonResponse(
    botDetail(await visibleBot(deps, path.clientId, context.account), statusSettings(deps), context.account),
    context.requestId,
  );
