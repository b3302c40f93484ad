import { botRoutes } from '../../shared/routes/groups/bots';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { botKit } from './services';
import { dashboardDeleteBot, deleteBot } from './deleteBot';
import { getBot } from './getBot';
import { getBotCommands } from './getBotCommands';
import { getBotStats } from './getBotStats';
import { getBotStatus } from './getBotStatus';
import { listBots } from './listBots';
import { postBotStats } from './postBotStats';
import { putBotCommands } from './putBotCommands';
import { dashboardSaveBot, registerBot } from './registerBot';
import { dashboardBots } from './ownedBots';
import { dashboardVerifyBot, verifyBot } from './verifyBot';

export const handlers = {
  deleteBot,
  getBot,
  getBotCommands,
  getBotStats,
  getBotStatus,
  listBots,
  postBotStats,
  putBotCommands,
  registerBot,
  verifyBot,
  dashboardBots,
  dashboardSaveBot,
  dashboardVerifyBot,
  dashboardDeleteBot,
};
export const kit = botKit;
export const handler = groupHandler(botRoutes, handlers, kit);
