import * as z from 'zod/mini';
import type { ProviderHeader } from '../../webhooks/provider';
import { providerNamed, providerNames, providers } from '../../webhooks/providers/index';
import { atMost, oneOf, snowflake, withMeta } from '../params';
import { NO_CONTROLS, WEBHOOK_TOKEN } from '../patterns';

/** A Discord webhook, as its URL names it: /webhooks/{id}/{token}. */
export const webhookPath = z.object({
  id: snowflake('webhook'),
  token: z.string({ error: 'is required' }).check(z.regex(WEBHOOK_TOKEN, { error: 'must be a Discord webhook token (20 to 100 letters, digits, - or _)' })),
});

export const relayPath = z.extend(webhookPath, { provider: oneOf(providerNames) });

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
  return z.object(Object.fromEntries([...users.values()].map(({ name, uses }) => [name, withMeta(z.optional(z.string()), { description: uses.join('; ') })])));
}
export const relayHeaders = relayHeaderSchema();

const signing = () => providers.filter((provider) => provider.signature).map((provider) => provider.name);

/** A signing secret as providers let users type them: 1 to 256 characters, no control characters. */
const secret = z
  .string({ error: 'must be a string' })
  .check(z.minLength(1, { error: 'must not be empty' }), atMost(256), z.regex(NO_CONTROLS, { error: 'must not contain control characters' }));

/** Why a key of `secrets` cannot be stored, if it cannot: only providers that sign take a secret. */
function secretKeyProblem(name: string): string | undefined {
  const provider = providerNamed(name);
  if (provider?.signature) return undefined;
  return provider ? `${provider.displayName} does not sign its deliveries (secrets are taken for ${signing().join(', ')})` : `is not a provider (one of ${signing().join(', ')})`;
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
  { param: { type: 'object', propertyNames: { enum: signing() }, additionalProperties: { type: 'string', minLength: 1, maxLength: 256, pattern: NO_CONTROLS.source } } },
);

/**
 * `{ "secrets": { "<provider>": "<secret>" }, "requireSignatures"?: true }`: replaces every secret
 * of the webhook (`{}` removes them); `requireSignatures` refuses deliveries of every provider
 * without a registered secret too, so nothing unsigned reaches the channel.
 */
export const secretsBody = z
  .strictObject({
    secrets: secretsByProvider,
    requireSignatures: withMeta(z.optional(z.boolean({ error: 'must be true or false' })), {
      description: 'true: deliveries of providers without a registered secret are refused (401), so only signed deliveries are forwarded',
    }),
  })
  .check(
    z.superRefine((body, context) => {
      if (body.requireSignatures && Object.keys(body.secrets).length === 0) {
        context.addIssue({ code: 'custom', path: ['requireSignatures'], message: 'needs at least one secret: with none, every delivery would be refused' });
      }
    }),
  );

/** GET /webhooks: where to send deliveries, and what each provider signs and renders. */
export const providerListData = z.strictObject({
  url: z.string(),
  secrets: z.string(),
  providers: z.array(
    z.strictObject({
      name: z.string(),
      displayName: z.string(),
      description: z.string(),
      docs: z.string(),
      events: z.array(z.string()),
      signature: z.nullable(z.strictObject({ header: z.string(), kind: z.enum(['hmac', 'token']) })),
    }),
  ),
});

export const secretsData = z.strictObject({ webhookId: z.string(), signedProviders: z.array(z.string()), requireSignatures: z.boolean(), updatedAt: withMeta(z.string(), { format: 'date-time' }) });
