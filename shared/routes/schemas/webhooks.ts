import { z } from 'zod';
import type { ProviderHeader } from '../../webhooks/provider';
import { providerNamed, providerNames, providers } from '../../webhooks/providers/index';
import { oneOf } from '../params';
import { NO_CONTROLS, WEBHOOK_ID, WEBHOOK_TOKEN } from '../patterns';

/** A Discord webhook, as its URL names it: /webhooks/{id}/{token}. */
export const webhookPath = z.object({
  id: z.string({ error: 'is required' }).regex(WEBHOOK_ID, { error: 'must be a Discord webhook id (a snowflake of 17 to 20 digits)' }),
  token: z.string({ error: 'is required' }).regex(WEBHOOK_TOKEN, { error: 'must be a Discord webhook token (20 to 100 letters, digits, - or _)' }),
});

export const relayPath = webhookPath.extend({ provider: oneOf(providerNames) });

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
  return z.object(Object.fromEntries([...users.values()].map(({ name, uses }) => [name, z.string().optional().meta({ description: uses.join('; ') })])));
}
export const relayHeaders = relayHeaderSchema();

const signing = () => providers.filter((provider) => provider.signature).map((provider) => provider.name);

/** A signing secret as providers let users type them: 1 to 256 characters, no control characters. */
const secret = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty' })
  .max(256, { error: 'must be at most 256 characters' })
  .regex(NO_CONTROLS, { error: 'must not contain control characters' });

/** `{ "secrets": { "<provider>": "<secret>" } }`: replaces every secret of the webhook; `{}` removes them. */
export const secretsBody = z.strictObject({
  secrets: z.record(z.string(), secret).superRefine((secrets, context) => {
    for (const name of Object.keys(secrets)) {
      const provider = providerNamed(name);
      if (provider?.signature) continue;
      context.addIssue({
        code: 'custom',
        path: [name],
        message: provider ? `${provider.displayName} does not sign its deliveries (secrets are taken for ${signing().join(', ')})` : `is not a provider (one of ${signing().join(', ')})`,
      });
    }
  }),
});

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
      signature: z.strictObject({ header: z.string(), kind: z.enum(['hmac', 'token']) }).nullable(),
    }),
  ),
});

export const secretsData = z.strictObject({ webhookId: z.string(), signedProviders: z.array(z.string()), updatedAt: z.string().meta({ format: 'date-time' }) });
