import { registerBotBody } from '../../shared/routes/schemas/bots';
import type { BotCommand, BotStats } from '../../shared/store';
import type { BotStore } from '../../shared/store';

/** Real-looking bots for a first look at the bot endpoints (DEMO_BOTS=1 npm start). */
const DEMO: {
  clientId: string;
  profile: Record<string, unknown>;
  stats: BotStats;
  online: boolean;
  commands: BotCommand[];
}[] = [
  {
    clientId: '432610292342587392',
    profile: {
      name: 'Melody',
      description: 'High-quality music from many sources, queues and playlists.',
      tags: ['music', 'fun'],
      website: 'https://melody.example',
      version: '4.2.0',
    },
    stats: {
      guilds: 184_220,
      users: 9_840_000,
      channels: 2_100_000,
      shards: 192,
      ping: 38,
      uptime: 1_209_600,
      memory: 2048,
      commandsRun: 88_000_000,
    },
    online: true,
    commands: [
      {
        name: 'play',
        description: 'Play a song or playlist',
        category: 'music',
        usage: '/play <query>',
        options: [{ name: 'query', required: true }],
      },
      { name: 'skip', description: 'Skip the current song', category: 'music' },
      { name: 'queue', description: 'Show the queue', category: 'music' },
      { name: 'help', description: 'How to use Melody' },
    ],
  },
  {
    clientId: '559426966151757824',
    profile: {
      name: 'Guardian',
      description: 'Moderation, auto-mod and audit logs.',
      tags: ['moderation', 'utility'],
      version: '2.9.1',
    },
    stats: { guilds: 61_305, users: 2_450_000, shards: 48, ping: 52, memory: 900, commandsRun: 12_400_000 },
    online: true,
    commands: [
      {
        name: 'ban',
        description: 'Ban a member',
        category: 'moderation',
        options: [{ name: 'member', required: true }, { name: 'reason' }],
      },
      { name: 'warn', description: 'Warn a member', category: 'moderation' },
      { name: 'logs', description: 'Where audit logs go', category: 'settings' },
    ],
  },
  {
    clientId: '670015375829450762',
    profile: { name: 'Quizzy', description: 'Trivia nights with leaderboards.', tags: ['games', 'fun'] },
    stats: { guilds: 8_912, users: 410_000, shards: 4, ping: 71 },
    online: false,
    commands: [{ name: 'trivia', description: 'Start a round', category: 'games' }],
  },
  {
    clientId: '781234567890123456',
    profile: {
      name: 'Ledger',
      description: 'Server economy: coins, shops, daily rewards.',
      tags: ['economy', 'games'],
    },
    stats: { guilds: 23_450, users: 1_020_000, shards: 16, ping: 44 },
    online: true,
    commands: [{ name: 'daily', description: 'Claim your daily coins', category: 'economy' }],
  },
  {
    clientId: '812398765432109876',
    profile: { name: 'Atlas', description: 'Utility toolkit: reminders, polls, translations.', tags: ['utility'] },
    stats: { guilds: 3_210, users: 98_000, shards: 1, ping: 65 },
    online: false,
    commands: [],
  },
  {
    clientId: '900011112222333344',
    profile: { name: 'Staging Bot', description: 'A private bot only its owner sees.', public: false },
    stats: { guilds: 2, users: 5 },
    online: true,
    commands: [],
  },
];

/**
 * Registers the demo bots for `owner`, verified (so the local key can also try the write routes on
 * them) with a day of hourly heartbeats; skipped when bots are already listed (a persisted store).
 */
export async function seedDemoBots(bots: BotStore, owner: string, now = new Date()): Promise<number> {
  if ((await bots.list({ limit: 1, sort: 'name' })).bots.length > 0) return 0;
  for (const demo of DEMO) {
    const registered = new Date(now.getTime() - 30 * 86_400_000);
    const profile = registerBotBody.parse(demo.profile);
    await bots.register(demo.clientId, owner, profile, registered);
    // Demo bots are the operator's own: verified, as if their owner had shown Discord the bot token.
    await bots.verify(demo.clientId, owner, profile, registered);
    // One heartbeat per hour over the last day (with a gap for offline bots), the last one now or a while ago.
    for (let hoursAgo = 23; hoursAgo >= 0; hoursAgo -= 1) {
      if (!demo.online && hoursAgo < 3) continue;
      if (hoursAgo % 7 === 3 && demo.clientId.endsWith('6')) continue;
      const at = new Date(now.getTime() - hoursAgo * 3600_000);
      await bots.heartbeat(
        demo.clientId,
        owner,
        { ...demo.stats, guilds: Math.round((demo.stats.guilds ?? 0) * (1 - hoursAgo / 2000)) },
        at,
      );
    }
    if (demo.commands.length > 0) await bots.putCommands(demo.clientId, owner, demo.commands, now);
  }
  return DEMO.length;
}
