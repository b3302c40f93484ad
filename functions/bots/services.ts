import { RateLimiter } from '../../shared/access/rateLimiter';
import { positiveInteger } from '../../shared/config/positiveInteger';
import { discordApiBaseFromEnv } from '../../shared/discord/poster';
import type { RouteDefinition } from '../../shared/routes/types';
import type { GroupKit, RouteHandler } from '../../shared/runtime/groupKit';
import { signedInRoutes } from '../../shared/runtime/signedIn';
import type { BotStore } from '../../shared/store';

/**
 * What the bot routes use: the bot records, when a heartbeat is
 * recent enough to say online, and Discord for proofs of control.
 */
export interface BotServices {
  bots: BotStore;
  /** A bot is online when its last heartbeat is at most this old (BOT_ONLINE_WINDOW_SECONDS). */
  onlineWindowSeconds: number;
  /** DISCORD_API_BASE: where bot tokens are checked (tests: a fake Discord on 127.0.0.1). */
  discordApiBase: string;
  /**
   * Proofs of control per account and minute: each one asks
   * Discord, which bans addresses that send it many invalid tokens.
   */
  verifications: RateLimiter;
  now: () => Date;
}

export type BotHandler<R extends RouteDefinition> = RouteHandler<R, BotServices>;

/** Proofs of control an account may ask for per minute (BOT_VERIFICATIONS_PER_MINUTE). */
export const VERIFICATIONS_PER_MINUTE = 5;

export const botKit: GroupKit<BotServices> = {
  services: (stores) => {
    const onlineWindowSeconds = Number(process.env.BOT_ONLINE_WINDOW_SECONDS || 120);
    if (!(onlineWindowSeconds > 0))
      throw new Error(
        `BOT_ONLINE_WINDOW_SECONDS must be a positive number, got ${process.env.BOT_ONLINE_WINDOW_SECONDS}`,
      );
    return {
      bots: stores.bots,
      onlineWindowSeconds,
      discordApiBase: discordApiBaseFromEnv(),
      verifications: new RateLimiter(stores.rateCounters, {
        limit: positiveInteger(process.env, 'BOT_VERIFICATIONS_PER_MINUTE', VERIFICATIONS_PER_MINUTE),
      }),
      now: () => new Date(),
    };
  },
};

/** The dashboard's bot routes: they get the session the chain checked (a live one, and the CSRF token on writes). */
export const signedIn = signedInRoutes<BotServices>();
