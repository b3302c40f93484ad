import type { z } from 'zod';
import type { Embed } from '../discord/message';

/** An incoming provider delivery as the relay sees it: raw body, lower-case header names. */
export interface ProviderDelivery {
  headers: Record<string, string | undefined>;
  body: string;
}

export type ProviderOutcome =
  | { kind: 'message'; event: string; deliveryId?: string; embeds: Embed[]; username: string }
  /** An event the provider sends that we do not render: answered 200 "ignored", not forwarded. */
  | { kind: 'ignored'; event: string; deliveryId?: string };

/** One provider: how to read its deliveries and which events become Discord messages. */
export interface Provider {
  name: string;
  displayName: string;
  /** The events rendered, as GET /webhooks lists them. */
  events: readonly string[];
  /** Reads a delivery; throws PayloadError when it is malformed or breaks the provider's schema. */
  read(delivery: ProviderDelivery): ProviderOutcome;
}

/** A delivery that cannot be read: a 400 whose message says why. */
export class PayloadError extends Error {
  override readonly name = 'PayloadError';
}

/** The JSON of a delivery, from a JSON body or (GitHub's other format) a form field `payload`. */
export function jsonOf(delivery: ProviderDelivery): unknown {
  const type = (delivery.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const text = type === 'application/x-www-form-urlencoded' ? new URLSearchParams(delivery.body).get('payload') : delivery.body;
  if (text === null) throw new PayloadError('form-encoded delivery without a payload field');
  try {
    return JSON.parse(text);
  } catch {
    throw new PayloadError('the body is not valid JSON');
  }
}

/** Colours by what happened, shared by every provider so the channel reads consistently. */
export const COLORS = {
  created: 0x2ea44f,
  info: 0x0366d6,
  merged: 0x6f42c1,
  closed: 0xd73a49,
  warning: 0xdbab09,
  neutral: 0x6a737d,
} as const;

/**
 * A provider whose deliveries name their event and id in headers and whose rendered events each
 * have a schema (of the fields shown) and a renderer: the shape of GitHub, GitLab and most others.
 */
export function schemaProvider<S extends Record<string, z.ZodType>>(spec: {
  name: string;
  displayName: string;
  eventHeader: string;
  deliveryHeader: string;
  schemas: S;
  renderers: { [E in keyof S]: (payload: z.output<S[E]>) => Embed };
}): Provider {
  const isRendered = (event: string): event is Extract<keyof S, string> => Object.hasOwn(spec.schemas, event);
  return {
    name: spec.name,
    displayName: spec.displayName,
    events: Object.keys(spec.schemas),
    read(delivery) {
      const event = delivery.headers[spec.eventHeader];
      if (!event) throw new PayloadError(`missing ${spec.eventHeader} header`);
      const deliveryId = delivery.headers[spec.deliveryHeader];
      const ids = deliveryId ? { deliveryId } : {};
      if (!isRendered(event)) return { kind: 'ignored', event, ...ids };
      const parsed = (spec.schemas[event] as z.ZodType).safeParse(jsonOf(delivery));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new PayloadError(`not a ${spec.displayName} ${event} payload: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
      }
      const render = spec.renderers[event] as (payload: unknown) => Embed;
      return { kind: 'message', event, ...ids, username: spec.displayName, embeds: [{ ...render(parsed.data), timestamp: new Date().toISOString() }] };
    },
  };
}
