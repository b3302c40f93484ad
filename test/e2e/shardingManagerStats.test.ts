import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@jest/globals';
import { type Shard, ShardingManager } from 'discord.js';
import { ChatbotApi } from '../../client/src/index';
import { startFakeGateway } from '../support/fakeDiscordGateway';
import { useTestApi } from '../support/localApi';
import { usePackedClient } from '../support/packedClient';

/**
 * autoPostStats under discord.js's own ShardingManager: two shard processes, each running a bot
 * script that imports the packed client, log in to a fake Discord (7 guilds of 5 members: 4 on
 * shard 0, 3 on shard 1) and post their shard's stats to the local server, which sums them.
 */
const KEY = 'sharding-manager-key-0123456789';
const BOT_ID = '300000000000000779';
const api = useTestApi({ localApiKey: KEY });
const packed = usePackedClient();

// The shard script as a bot developer writes it: the Client takes its shard and token from the manager.
const SHARD_SCRIPT = `
import { Client, GatewayIntentBits } from 'discord.js';
import { ChatbotApi } from '@chatbot-utility/client';
import { autoPostStats } from '@chatbot-utility/client/discord';

const client = new Client({ intents: [GatewayIntentBits.Guilds] });
const api = new ChatbotApi({ key: process.env.CBK_API_KEY, baseUrl: process.env.API_URL });
autoPostStats(client, api, { clientId: process.env.CLIENT_ID, intervalMs: 5000 });
await client.login();
`;

/** Whether a process of that id still exists (signal 0 only checks). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
};

const children = (manager: ShardingManager) =>
  [...manager.shards.values()].flatMap((shard) => (shard.process ? [shard.process] : []));

/**
 * Kills the manager's shards as discord.js does (no respawn) and waits up to 5 s for their exits;
 * answers the pids still alive then, after a SIGKILL so that the failing test leaks none either.
 */
async function killAll(manager: ShardingManager): Promise<number[]> {
  const processes = children(manager);
  const exits = processes.map((child) =>
    child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined,
  );
  for (const shard of manager.shards.values()) shard.kill();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(exits), new Promise((done) => (timer = setTimeout(done, 5000)))]);
  clearTimeout(timer);
  const left = processes.flatMap((child) => (child.pid !== undefined && alive(child.pid) ? [child.pid] : []));
  for (const child of processes) if (child.pid !== undefined && left.includes(child.pid)) child.kill('SIGKILL');
  return left;
}

test('a ShardingManager with two shard processes: the API sums both shards, and no process is left', async () => {
  packed.addDiscordJs();
  const script = join(packed.project, 'shard.mjs');
  writeFileSync(script, SHARD_SCRIPT);
  const gateway = await startFakeGateway({ botId: BOT_ID, guilds: 7, memberCount: 5, shards: 2 });
  // The key allows 60 calls a minute: a 429 fails the test at once rather than being waited out.
  const client = new ChatbotApi({ key: KEY, baseUrl: api.url, maxRetries: 0 });
  await client.registerBot({ clientId: BOT_ID }, { name: 'Managed for real' });
  const manager = new ShardingManager(script, {
    totalShards: 2,
    mode: 'process',
    respawn: false,
    token: 'fake.discord.token',
    // discordAtFake.mjs finds discord.js from the process's folder: the shards run in this one.
    execArgv: ['--import', resolve('test/support/discordAtFake.mjs')],
  });
  // A shard's process gets the manager's environment plus its own; the bot's settings go with the latter.
  manager.on('shardCreate', (shard: Shard) =>
    Object.assign(shard.env as NodeJS.ProcessEnv, {
      FAKE_DISCORD_API: gateway.apiBase,
      CBK_API_KEY: KEY,
      API_URL: api.url,
      CLIENT_ID: BOT_ID,
    }),
  );
  let left: number[] = [];
  try {
    await manager.spawn({ amount: 2, delay: 0, timeout: 10_000 });
    expect(children(manager)).toHaveLength(2);
    expect(gateway.identified).toHaveLength(2);
    let stats = await client.getBotStats({ clientId: BOT_ID });
    // Each shard posts once on ready (the next round is 5 s later): at most 40 polls, within the quota.
    for (let polls = 0; stats.shards?.shards.length !== 2 && polls < 40; polls += 1) {
      await new Promise((done) => setTimeout(done, 250));
      stats = await client.getBotStats({ clientId: BOT_ID });
    }
    expect(stats.latest).toMatchObject({ guilds: 7, users: 35 });
    expect(stats.shards?.shards.map(({ shardId, guilds, users }) => [shardId, guilds, users])).toEqual([
      [0, 4, 20],
      [1, 3, 15],
    ]);
  } finally {
    left = await killAll(manager);
    await gateway.close();
  }
  expect(left).toEqual([]);
}, 30_000);
