import { z } from 'zod';
import { providerNamed, providerNames, providers } from '../../webhooks/providers/index';
import { oneOf, SNOWFLAKE, snowflake } from '../params';

/** Well-formed webhook ids get their own quota (others are counted per source address, then refused). */
export const WEBHOOK_ID = SNOWFLAKE;

/** A Discord webhook, as its URL names it: /webhooks/{id}/{token}. */
export const webhookPath = z.object({
  id: snowflake('webhook'),
  token: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'must be a Discord webhook token (20 to 100 letters, digits, - or _)' }),
});

export const relayPath = webhookPath.extend({ provider: oneOf(providerNames) });

const signing = () => providers.filter((provider) => provider.signature).map((provider) => provider.name);

/** A signing secret as providers let users type them: 1 to 256 characters, no control characters. */
const secret = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty' })
  .max(256, { error: 'must be at most 256 characters' })
  .regex(/^[^\p{Cc}]+$/u, { error: 'must not contain control characters' });

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
