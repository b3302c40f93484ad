import { z } from 'zod';
import { urlProblem } from '../../images/urlRules';
import { integer, oneOf, snowflake, wire } from '../params';
import { TAG } from '../patterns';

/** A Discord application (client) id. */
export const botPath = z.object({ clientId: snowflake('client') });

export const MAX_TAGS = 10;
export const MAX_COMMANDS = 200;

const tag = wire(
  z
    .string()
    .regex(TAG, { error: 'tags are 1 to 24 letters, digits or dashes' })
    .transform((value) => value.trim().toLowerCase()),
  { type: 'string', pattern: TAG.source, description: 'a tag: letters, digits or dashes, stored lowercase' },
);

export const listBotsQuery = z.object({
  limit: integer(1, 100).default(20),
  cursor: z.string().max(2048, { error: 'must be at most 2048 characters' }).optional(),
  tag: tag.optional(),
  sort: oneOf(['name', 'guilds']).default('name'),
});

const webUrl = z
  .string()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((value) => urlProblem(value) === undefined, { error: 'must be an http or https URL without credentials' });
const text = (max: number) => z.string().trim().min(1, { error: 'must not be empty' }).max(max, { error: `must be at most ${max} characters` });

export const registerBotBody = z.strictObject({
  name: text(32),
  description: text(400).optional(),
  avatar: webUrl.optional(),
  public: z.boolean().default(true),
  tags: z.array(tag).max(MAX_TAGS, { error: `at most ${MAX_TAGS} tags` }).default([]).transform((tags) => [...new Set(tags)]),
  inviteUrl: webUrl.optional(),
  supportServer: webUrl.optional(),
  website: webUrl.optional(),
  version: text(32).optional(),
});

const count = z.number().int({ error: 'must be a whole number' }).min(0, { error: 'must be >= 0' }).max(Number.MAX_SAFE_INTEGER);
// Rounded to millionths: DynamoDB refuses numbers below 1e-130, and no stat needs more.
const measure = z
  .number()
  .min(0, { error: 'must be >= 0' })
  .max(1e12, { error: 'must be at most 1e12' })
  .transform((value) => Math.round(value * 1e6) / 1e6);

export const statsBody = z.strictObject({
  guilds: count.optional(),
  users: count.optional(),
  channels: count.optional(),
  shards: count.optional(),
  ping: measure.optional(),
  uptime: measure.optional(),
  memory: measure.optional(),
  commandsRun: count.optional(),
});

const commandOption = z.strictObject({
  name: text(32),
  description: text(100).optional(),
  type: text(20).optional(),
  required: z.boolean().optional(),
});

export const commandsBody = z.strictObject({
  commands: z
    .array(
      z.strictObject({
        name: text(32),
        description: text(100),
        category: text(32).optional(),
        usage: text(100).optional(),
        options: z
          .array(commandOption)
          .max(25, { error: 'at most 25 options' })
          .refine((options) => new Set(options.map((o) => o.name.toLowerCase())).size === options.length, { error: 'option names must be unique' })
          .optional(),
      }),
    )
    .max(MAX_COMMANDS, { error: `at most ${MAX_COMMANDS} commands` })
    .refine((commands) => new Set(commands.map((c) => c.name.toLowerCase())).size === commands.length, { error: 'command names must be unique' }),
});

