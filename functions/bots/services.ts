import type { RouteDefinition } from '../../shared/routes/types';
import type { GroupKit, RouteHandler } from '../../shared/runtime/groupKit';
import type { BotStore } from '../../shared/store';

/** What the bot routes use: the bot records, and when a heartbeat is recent enough to say online. */
export interface BotServices {
  bots: BotStore;
  /** A bot is online when its last heartbeat is at most this old (BOT_ONLINE_WINDOW_SECONDS). */
  onlineWindowSeconds: number;
  now: () => Date;
}

export type BotHandler<R extends RouteDefinition> = RouteHandler<R, BotServices>;

export const botKit: GroupKit<BotServices> = {
  services: (stores) => {
    const onlineWindowSeconds = Number(process.env.BOT_ONLINE_WINDOW_SECONDS || 120);
    if (!(onlineWindowSeconds > 0)) throw new Error(`BOT_ONLINE_WINDOW_SECONDS must be a positive number, got ${process.env.BOT_ONLINE_WINDOW_SECONDS}`);
    return { bots: stores.bots, onlineWindowSeconds, now: () => new Date() };
  },
};
