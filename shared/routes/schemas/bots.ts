import * as z from 'zod/mini';
import { MAX_URL_LENGTH, urlProblem } from '../../images/urlRules';
import { BOT_FIELDS, botFieldNames, byField, type BotFieldName } from '../../bots/fields';
import { atMost, integer, oneOf, snowflake, wire, withMeta } from '../params';
import { TAG, VISIBLE_TEXT } from '../patterns';
import { BOT_TOKEN } from '../../discord/botApplication';
import { MAX_SHARDS } from '../../bots/shards';

/** A Discord application (client) id. */
export const botPath = z.object({ clientId: snowflake('client') });

export const MAX_TAGS = 10;
export const MAX_COMMANDS = 200;

const tag = wire(
  z.pipe(
    z.string().check(z.regex(TAG, { error: 'tags are 1 to 24 letters, digits or dashes' })),
    z.transform((value: string) => value.trim().toLowerCase()),
  ),
  {
    type: 'string',
    pattern: TAG.source,
    title: '1 to 24 letters, digits or dashes',
    description: 'a tag: letters, digits or dashes, stored lowercase',
  },
);

export const listBotsQuery = z.object({
  limit: z._default(integer(1, 100), 20),
  cursor: z.optional(z.string().check(atMost(2048))),
  tag: z.optional(tag),
  sort: z._default(oneOf(['name', 'guilds']), 'name'),
});

const webUrl = z.string().check(
  atMost(MAX_URL_LENGTH),
  z.refine((value) => urlProblem(value) === undefined, { error: 'must be an http or https URL without credentials' }),
);
// Checked as sent, then trimmed: the document's pattern and length say what is taken.
const text = (max: number) =>
  z
    .string()
    .check(
      z.regex(VISIBLE_TEXT, { error: 'must not be blank or contain control characters', abort: true }),
      atMost(max),
      z.trim(),
      z.minLength(1, { error: 'must not be empty' }),
    );

export const registerBotBody = z.strictObject({
  name: text(32),
  ...byField(botFieldNames, (name) => {
    const rule: (typeof BOT_FIELDS)[BotFieldName] = BOT_FIELDS[name];
    return z.optional(rule.kind === 'url' ? webUrl : text(rule.max));
  }),
  public: z._default(z.boolean(), true),
  tags: z.pipe(
    z._default(z.array(tag).check(z.maxLength(MAX_TAGS, { error: `at most ${MAX_TAGS} tags` })), []),
    z.transform((tags: string[]) => [...new Set(tags)]),
  ),
});

const count = z
  .number()
  .check(
    z.int({ error: 'must be a whole number' }),
    z.minimum(0, { error: 'must be >= 0' }),
    z.maximum(Number.MAX_SAFE_INTEGER),
  );
// Rounded to millionths: DynamoDB refuses numbers below 1e-130, and no stat needs more.
const measure = z.pipe(
  z.number().check(z.minimum(0, { error: 'must be >= 0' }), z.maximum(1e12, { error: 'must be at most 1e12' })),
  z.transform((value: number) => Math.round(value * 1e6) / 1e6),
);

const shardNumber = (min: number, max: number) =>
  z
    .number()
    .check(
      z.int({ error: `must be an integer between ${min} and ${max}` }),
      z.minimum(min, { error: `must be an integer between ${min} and ${max}` }),
      z.maximum(max, { error: `must be an integer between ${min} and ${max}` }),
    );

/** Both shard fields or neither, and the id one of the count's. */
const shardPair = z.superRefine<{ shardId?: number; shardCount?: number }>(({ shardId, shardCount }, context) => {
  if (shardId !== undefined && shardCount === undefined)
    context.addIssue({ code: 'custom', path: ['shardCount'], message: 'is required with shardId', input: shardCount });
  else if (shardId === undefined && shardCount !== undefined)
    context.addIssue({ code: 'custom', path: ['shardId'], message: 'is required with shardCount', input: shardId });
  else if (shardId !== undefined && shardCount !== undefined && shardId >= shardCount)
    context.addIssue({ code: 'custom', path: ['shardId'], message: 'must be below shardCount', input: shardId });
});

export const statsBody = z
  .strictObject({
    guilds: z.optional(count),
    users: z.optional(count),
    channels: z.optional(count),
    shards: z.optional(count),
    ping: z.optional(measure),
    uptime: z.optional(measure),
    memory: z.optional(measure),
    commandsRun: z.optional(count),
    shardId: withMeta(z.optional(shardNumber(0, MAX_SHARDS - 1)), {
      description:
        "The shard posting (0-based, below shardCount): its guilds and users are kept as that shard's and the bot's " +
        'are their sum. Leave out both shard fields for an unsharded bot.',
    }),
    shardCount: withMeta(z.optional(shardNumber(1, MAX_SHARDS)), {
      description:
        `The bot's shard count (at most ${MAX_SHARDS}), sent with shardId. A new count reshards: ` +
        'the figures of shards at or above it are dropped.',
    }),
  })
  .check(shardPair);

const commandOption = z.strictObject({
  name: text(32),
  description: z.optional(text(100)),
  type: z.optional(text(20)),
  required: z.optional(z.boolean()),
});

/** Names are unique in any letter case: `what` is "option" or "command". */
const uniqueNames = (what: string) =>
  z.refine<{ name: string }[]>((items) => new Set(items.map((item) => item.name.toLowerCase())).size === items.length, {
    error: `${what} names must be unique`,
  });

export const commandsBody = z.strictObject({
  commands: z
    .array(
      z.strictObject({
        name: text(32),
        description: text(100),
        category: z.optional(text(32)),
        usage: z.optional(text(100)),
        options: z.optional(
          z.array(commandOption).check(z.maxLength(25, { error: 'at most 25 options' }), uniqueNames('option')),
        ),
      }),
    )
    .check(z.maxLength(MAX_COMMANDS, { error: `at most ${MAX_COMMANDS} commands` }), uniqueNames('command')),
});

/** Proof of control: the bot's token, shown to Discord once and never stored or logged. */
export const verifyBotBody = z.strictObject({
  botToken: withMeta(
    z
      .string()
      .check(
        z.regex(BOT_TOKEN, { error: "must be a Discord bot token (the Developer Portal's Bot page, Reset Token)" }),
      ),
    {
      description: "The bot's token: Discord is asked once whose application it is; it is never stored",
    },
  ),
});
