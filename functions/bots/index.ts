import { botRoutes } from '../../shared/routes/groups/bots';
import { groupHandler } from '../../shared/runtime/groupHandler';
import { botKit } from './services';
import { deleteBot } from './deleteBot';
import { getBot } from './getBot';
import { getBotCommands } from './getBotCommands';
import { getBotStats } from './getBotStats';
import { getBotStatus } from './getBotStatus';
import { listBots } from './listBots';
import { postBotStats } from './postBotStats';
import { putBotCommands } from './putBotCommands';
import { registerBot } from './registerBot';

export const handlers = { deleteBot, getBot, getBotCommands, getBotStats, getBotStatus, listBots, postBotStats, putBotCommands, registerBot };
export const kit = botKit;
export const handler = groupHandler(botRoutes, handlers, kit);
