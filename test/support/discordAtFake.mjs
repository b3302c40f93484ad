// Loaded with `node --import` before a discord.js script a test runs (from the script's folder):
// discord.js's REST, and so the gateway address it asks for, goes to FAKE_DISCORD_API; a wait of
// exactly a minute (the heartbeat's interval) lasts MINUTE_MS, so a test sees the repeat at once.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const discordJs = createRequire(join(process.cwd(), 'script.js')).resolve('discord.js');
createRequire(discordJs)('@discordjs/rest').DefaultRestOptions.api = process.env.FAKE_DISCORD_API;

const wait = globalThis.setTimeout;
const minute = Number(process.env.MINUTE_MS);
globalThis.setTimeout = (run, ms, ...args) => wait(run, ms === 60_000 && minute ? minute : ms, ...args);
