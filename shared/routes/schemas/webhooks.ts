import * as z from 'zod/mini';
import type { ProviderHeader } from '../../webhooks/provider';
import { providerNamed, providerNames, providers } from '../../webhooks/providers/index';
import { EVENT_FILTER_HELP } from '../../webhooks/eventFilter';
import { atMost, describedPattern, oneOf, required, snowflake, wire, withMeta } from '../params';
import { DISCORD_WEBHOOK_URL, NO_CONTROLS, VISIBLE_TEXT, WEBHOOK_TOKEN } from '../patterns';
import { deliveryOutcomes } from '../../store/deliveries';
import { attemptOutcomes } from '../../store/deliveryAttempts';

/** A Discord webhook, as its URL names it: /webhooks/{id}/{token}. */
export const webhookPath = z.object({
  id: snowflake('webhook'),
  token: describedPattern(
    z
      .string({ error: 'is required' })
      .check(z.regex(WEBHOOK_TOKEN, { error: 'must be a Discord webhook token (20 to 100 letters, digits, - or _)' })),
    'Discord webhook token: 20 to 100 letters, digits, - or _',
  ),
});

export const relayPath = z.extend(webhookPath, { provider: oneOf(providerNames) });

/** The relay URL's own settings: which events it forwards (checked against {provider}'s events by the handler). */
export const relayQuery = z.object({
  events: withMeta(z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }), atMost(2000))), {
    description: EVENT_FILTER_HELP,
  }),
});

const CARRIES: Record<ProviderHeader['carries'], string> = {
  event: 'the event',
  'delivery id': 'the delivery id (a repeated id is answered "duplicate")',
  signature: 'the signature, checked once a secret is registered with PUT /v1/webhooks/{id}/{token}',
};

/**
 * The headers the relay reads, from the provider modules: each names the providers sending it and
 * what it carries there. All optional: which apply depends on {provider}.
 */
function relayHeaderSchema() {
  const users = new Map<string, { name: string; uses: string[] }>();
  for (const provider of providers) {
    for (const header of provider.headers) {
      const entry = users.get(header.name.toLowerCase()) ?? { name: header.name, uses: [] };
      entry.uses.push(`${provider.displayName}: ${CARRIES[header.carries]}`);
      users.set(header.name.toLowerCase(), entry);
    }
  }
  return z.object(
    Object.fromEntries(
      [...users.values()].map(({ name, uses }) => [
        name,
        withMeta(z.optional(z.string()), { description: uses.join('; ') }),
      ]),
    ),
  );
}
export const relayHeaders = relayHeaderSchema();

const signing = () => providers.filter((provider) => provider.signature).map((provider) => provider.name);

/** A signing secret as providers let users type them: 1 to 256 characters, no control characters. */
const secret = z
  .string({ error: 'must be a string' })
  .check(
    z.minLength(1, { error: 'must not be empty', abort: true }),
    atMost(256),
    z.regex(NO_CONTROLS, { error: 'must not contain control characters' }),
  );

/** Why a key of `secrets` cannot be stored, if it cannot: only providers that sign take a secret. */
function secretKeyProblem(name: string): string | undefined {
  const provider = providerNamed(name);
  if (provider?.signature) return undefined;
  return provider
    ? `${provider.displayName} does not sign its deliveries (secrets are taken for ${signing().join(', ')})`
    : `is not a provider (one of ${signing().join(', ')})`;
}

/**
 * The secrets by provider. Keys are checked as sent, before the record is built: zod's records
 * drop a "__proto__" key silently, so `{"__proto__": "x"}` would arrive as `{}` and wipe every secret.
 */
const secretsByProvider = withMeta(
  z.pipe(
    z.transform((value: unknown, context) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      for (const name of Object.keys(value)) {
        const problem = secretKeyProblem(name);
        if (problem) context.issues.push({ code: 'custom', path: [name], message: problem, input: value });
      }
      return value;
    }),
    z.record(z.string(), secret),
  ),
  // What a client sends, for the OpenAPI document (the preprocessing step has no JSON Schema).
  {
    param: {
      type: 'object',
      propertyNames: { enum: signing() },
      additionalProperties: { type: 'string', minLength: 1, maxLength: 256, pattern: NO_CONTROLS.source },
    },
  },
);

const NAME_RULE = 'must be 1 to 100 characters after trimming, with no control characters';

/** What a person calls a webhook: trimmed, 1 to 100 characters, something visible and no control characters. */
const webhookName = wire(
  z
    .pipe(
      z.string(required(NAME_RULE)),
      z.transform((value: string) => value.trim()),
    )
    .check(
      z.minLength(1, { error: NAME_RULE, abort: true }),
      z.maxLength(100, { error: NAME_RULE, abort: true }),
      z.regex(VISIBLE_TEXT, { error: NAME_RULE }),
    ),
  {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    description: '1 to 100 characters after trimming, no control characters',
  },
);

const secretsFields = {
  name: withMeta(z.optional(webhookName), {
    description:
      'what the dashboard calls the webhook; left out, the name it had (else the provider and the end of its id)',
  }),
  secrets: secretsByProvider,
  requireSignatures: withMeta(z.optional(z.boolean({ error: 'must be true or false' })), {
    description:
      'true: deliveries of providers without a registered secret are refused (401), so only signed deliveries ' +
      'are forwarded',
  }),
};

/** requireSignatures with no secret would refuse every delivery. */
const someSecretIfRequired = z.superRefine(
  (body: { secrets: Record<string, string>; requireSignatures?: boolean | undefined }, context) => {
    if (body.requireSignatures && Object.keys(body.secrets).length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['requireSignatures'],
        message: 'needs at least one secret: with none, every delivery would be refused',
      });
    }
  },
);

/**
 * `{ "secrets": { "<provider>": "<secret>" }, "requireSignatures"?: true }`: replaces every secret
 * of the webhook (`{}` removes them); `requireSignatures` refuses deliveries of every provider
 * without a registered secret too, so nothing unsigned reaches the channel.
 */
export const secretsBody = z.strictObject(secretsFields).check(someSecretIfRequired);

/**
 * The dashboard's registration: the webhook by its URL (its token in
 * the body, never in a path that access logs keep), and its secrets.
 */
export const webhookRegistrationBody = z
  .strictObject({
    webhookUrl: withMeta(
      z.string().check(
        z.regex(DISCORD_WEBHOOK_URL, {
          error: 'must be a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>)',
        }),
      ),
      { description: 'The Discord webhook URL (Copy Webhook URL in Discord); Discord is asked whether it exists' },
    ),
    ...secretsFields,
  })
  .check(someSecretIfRequired);

/** The webhook a signed-in route names (its token is never needed again). */
export const webhookIdPath = z.object({ id: snowflake('webhook') });

/** Which kept delivery of the webhook to post again. */
export const replayBody = z.strictObject({
  provider: oneOf(providerNames),
  deliveryId: z.string().check(z.minLength(1), atMost(200)),
});

/** GET /webhooks: where to send deliveries, and what each provider signs and renders. */
export const providerListData = z.strictObject({
  url: z.string(),
  secrets: z.string(),
  events: withMeta(z.string(), { description: 'how a relay URL chooses the events it forwards' }),
  providers: z.array(
    z.strictObject({
      name: z.string(),
      displayName: z.string(),
      description: z.string(),
      docs: z.string(),
      events: withMeta(z.array(z.string()), {
        description: 'the events rendered; `*`: every event (one envelope for all), the others are answered "ignored"',
      }),
      signature: z.nullable(
        z.strictObject({
          header: z.string(),
          kind: z.enum(['hmac', 'token']),
          scheme: withMeta(z.string(), {
            description: 'how it signs, in words: what is signed, how, and in which header',
          }),
        }),
      ),
    }),
  ),
});

export const secretsData = z.strictObject({
  webhookId: z.string(),
  name: z.string(),
  signedProviders: z.array(z.string()),
  requireSignatures: z.boolean(),
  updatedAt: withMeta(z.string(), { format: 'date-time' }),
});

const instant = withMeta(z.string(), { format: 'date-time' });

/** Every outcome the dashboard lists: a delivery's, or an attempt's that left no delivery. */
const listedOutcomes = [...deliveryOutcomes, ...attemptOutcomes] as const;
export type ListedOutcome = (typeof listedOutcomes)[number];

export const ownedWebhooksQuery = z.object({
  outcome: withMeta(z.optional(z.enum(listedOutcomes, { error: `must be one of ${listedOutcomes.join(', ')}` })), {
    description: 'only the deliveries and attempts of this outcome',
  }),
});

/** A webhook's new name. */
export const renameBody = z.strictObject({ name: webhookName });
export const renamedData = z.strictObject({ webhookId: z.string(), name: z.string() });

/** The Discord token of a webhook's relay URL, for copying the URL whole. */
export const relayTokenData = z.strictObject({
  webhookId: z.string(),
  token: withMeta(z.string(), { description: 'the relay URL is /webhooks/{webhookId}/{token}/{provider}' }),
});

/** The signed-in account's webhooks (those whose secrets it registered last), each with its recent deliveries. */
export const ownedWebhooksData = z.strictObject({
  webhooks: z.array(
    z.strictObject({
      webhookId: z.string(),
      name: z.string(),
      tokenEnd: withMeta(z.nullable(z.string()), {
        description:
          "the last 4 characters of the relay URL's token (GET .../relay-token gives it whole); null: saved " +
          'before tokens were kept, so the relay URL cannot be shown again (save the webhook again to keep it)',
      }),
      signedProviders: z.array(z.string()),
      requireSignatures: z.boolean(),
      updatedAt: instant,
      deliveries: withMeta(
        z.array(
          z.strictObject({
            provider: z.string(),
            deliveryId: z.string(),
            event: z.string(),
            outcome: z.enum(listedOutcomes),
            count: withMeta(z.number(), {
              description:
                'attempts the row stands for: refused signatures and duplicates are counted per minute (the ' +
                "last one's time and delivery shown); 1 for a delivery",
            }),
            receivedAt: instant,
            updatedAt: instant,
            discordStatus: z.nullable(z.number()),
            replayable: withMeta(z.boolean(), {
              description:
                'Discord was at fault (failed, rate limited) or the attempt died: a replay posts the kept ' +
                'message again',
            }),
          }),
        ),
        {
          description:
            'the newest first, at most 20: deliveries (the log keeps 7 days), refused signatures and ' +
            'duplicates (24 hours); with `outcome`, those of that outcome only',
        },
      ),
      refusedAttempts: withMeta(z.number(), {
        description:
          'deliveries in the last 24 hours whose token Discord refused (or had refused before): counted, not logged',
      }),
    }),
  ),
});

export const replayData = z.strictObject({
  webhookId: z.string(),
  provider: z.string(),
  deliveryId: z.string(),
  outcome: withMeta(z.enum(['forwarded', 'rejected', 'rateLimited', 'failed']), {
    description: 'what Discord made of the replay (a failure stays replayable)',
  }),
  discordStatus: z.nullable(z.number()),
});

export const removedWebhookData = z.strictObject({ webhookId: z.string(), removed: z.literal(true) });
