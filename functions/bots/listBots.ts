import { decodeCursor, encodeCursor } from './cursor';
import { botSummary } from './views';
import { jsonResponse } from '../../shared/http/responses';
import type { BotHandler } from './services';
import type { Routes } from '../../shared/routes/table';
import { statusSettings } from './access';

export const listBots: BotHandler<Routes['listBots']> = async ({ query }, context, deps) => {
  const { limit, sort, tag, cursor } = query;
  const page = await deps.bots.list({ limit, sort, tag, after: cursor ? decodeCursor(cursor, sort, tag) : undefined });
  const settings = statusSettings(deps);
  return jsonResponse(
    {
      bots: page.bots.map((bot) => botSummary(bot, settings)),
      nextCursor: page.next ? encodeCursor(page.next, sort, tag) : null,
    },
    context.requestId,
  );
};
