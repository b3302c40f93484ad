import { z } from 'zod';
import { providerNames } from '../../webhooks/providers/index';
import { oneOf } from '../params';

export const WEBHOOK_ID = /^\d{17,20}$/;

export const relayPath = z.object({
  id: z.string({ error: 'is required' }).regex(WEBHOOK_ID, { error: 'must be a Discord webhook id (a snowflake of 17 to 20 digits)' }),
  token: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'must be a Discord webhook token (20 to 100 letters, digits, - or _)' }),
  provider: oneOf(providerNames),
});
