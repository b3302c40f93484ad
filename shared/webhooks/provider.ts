import type * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../discord/message';
import { readTolerantly, type TolerantOutput } from './tolerantRead';

/** An incoming provider delivery as the relay sees it: raw body, lower-case header names. */
export interface ProviderDelivery {
  headers: Record<string, string | undefined>;
  body: string;
  /** The URL the provider called, as it was configured there (Square and Trello sign it). */
  url?: string;
}

export type ProviderOutcome =
  /**
   * `action`: what happened to the event's subject ("opened"), where
   * the provider says, for filters like `pull_request.opened`.
   */
  | { kind: 'message'; event: string; action?: string; deliveryId?: string; embeds: Embed[]; username: string }
  /** An event the provider sends that we do not render: answered 200 "ignored", not forwarded. */
  | { kind: 'ignored'; event: string; deliveryId?: string };

/**
 * How old a timestamped signature may be, for providers that do not say (Buildkite, Zendesk): a
 * day, so their retries pass. A copy sent again sooner is a duplicate (the delivery log keeps its
 * HMAC for 7 days), and a later one too old: a captured delivery cannot be replayed at all.
 */
export const STALE_AFTER_SECONDS = 24 * 3600;

/**
 * What an HMAC covers besides the raw body: a timestamp (a key of the signature header, as Stripe's
 * `t=`, or a header of its own) joined before the body, refused when older than `toleranceSeconds`
 * where the provider says so; or the URL the provider called, before (Square) or after (Trello) it.
 */
export type SignedContent =
  | { timestamp: { key: string } | { header: string }; separator: '' | '.'; toleranceSeconds?: number }
  | { url: 'before body' | 'after body' };

/**
 * How a provider signs its deliveries with the secret an owner registers:
 * `hmac`: an HMAC (of the raw body, unless `signs` says more) in a header, after `prefix` (which is
 * the signature's key when the header is comma-separated `key=value` pairs); the secret must be
 * kept, so it is stored encrypted;
 * `token`: the secret itself sent in a header (only its hash needs storing).
 */
export type SignatureScheme =
  | {
      kind: 'hmac';
      header: string;
      algorithm: 'md5' | 'sha1' | 'sha256' | 'sha512';
      encoding: 'hex' | 'base64';
      prefix?: string;
      signs?: SignedContent;
    }
  | { kind: 'token'; header: string };

export interface ProviderHeader {
  name: string;
  carries: 'event' | 'delivery id' | 'signature';
}

/** One provider: how to read its deliveries and which events become Discord messages. */
export interface Provider {
  name: string;
  displayName: string;
  /** One sentence for GET /webhooks. */
  description: string;
  /** The provider's own documentation of its webhooks. */
  docs: string;
  /** How deliveries are signed; absent when the provider cannot sign them (secrets are refused). */
  signature?: SignatureScheme;
  /** The events rendered, as GET /webhooks lists them. */
  events: readonly string[];
  /** The request headers it reads and what each carries (the OpenAPI document lists them). */
  headers: readonly ProviderHeader[];
  /** Reads a delivery; throws PayloadError when it is malformed or breaks the provider's schema. */
  read(delivery: ProviderDelivery): ProviderOutcome;
}

/** A delivery that cannot be read: a 400 whose message says why; `about` the event when it names none we can read. */
export class PayloadError extends Error {
  override readonly name = 'PayloadError';
  constructor(
    message: string,
    readonly about: 'event' | 'payload' = 'payload',
  ) {
    super(message);
  }
}

/** Whether a delivery's body is form-encoded (application/x-www-form-urlencoded). */
export const isFormEncoded = (delivery: ProviderDelivery): boolean =>
  (delivery.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * The JSON of a delivery, from a JSON body or (GitHub's other format) a form field `payload`. Half
 * a character spelled by a \u escape (a lone surrogate, as a provider cutting text short may send)
 * becomes U+FFFD: links and Discord's JSON need whole characters, and refusing the delivery would
 * lose it (the signature covered the raw bytes already).
 */
export function jsonOf(delivery: ProviderDelivery): unknown {
  const text = isFormEncoded(delivery) ? new URLSearchParams(delivery.body).get('payload') : delivery.body;
  if (text === null) throw new PayloadError('form-encoded delivery without a payload field');
  try {
    return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? value.toWellFormed() : value));
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

/** What an update changed, as an embed's description ("Changed: name, description"); nothing when it names nothing. */
export const changedFields = (changes: Record<string, unknown> | undefined): Pick<Embed, 'description'> => {
  const names = Object.keys(changes ?? {});
  return names.length ? { description: `Changed: ${names.map(escapeMarkdown).join(', ')}` } : {};
};

/** Where a delivery names something (its event, its id): a header, a body field or a constant. */
export interface Locator {
  /** For error messages: "the X-GitHub-Event header". */
  describe: string;
  /** The headers it reads, if any. */
  headers: readonly string[];
  find(delivery: ProviderDelivery, json: () => unknown): string | undefined;
}

export const fromHeader = (name: string): Locator => ({
  describe: `the ${name} header`,
  headers: [name],
  find: (delivery) => delivery.headers[name.toLowerCase()] || undefined,
});

/** A string (or number) at `path` in the JSON body. */
export const fromField = (...path: string[]): Locator => ({
  describe: `the ${path.join('.')} field`,
  headers: [],
  find(_delivery, json) {
    let value: unknown = json();
    for (const key of path)
      value =
        value !== null && typeof value === 'object' && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return typeof value === 'string' && value !== '' ? value : undefined;
  },
});

/** For providers that send one kind of event and do not name it. */
export const always = (event: string): Locator => ({ describe: event, headers: [], find: () => event });

/**
 * An id made of parts (`<incident id>:<state>`), for providers whose own id names a thing through
 * its life rather than one delivery: present when the first part is.
 */
export const joinedId = (first: Locator, ...more: Locator[]): Locator => ({
  describe: first.describe,
  headers: [first, ...more].flatMap((locator) => locator.headers),
  find: (delivery, json) => {
    const id = first.find(delivery, json);
    return id && [id, ...more.map((locator) => locator.find(delivery, json) ?? '')].join(':');
  },
});

/** The first locator that finds something. */
export const firstOf = (...locators: Locator[]): Locator => ({
  describe: locators.map((locator) => locator.describe).join(' or '),
  headers: locators.flatMap((locator) => locator.headers),
  find: (delivery, json) =>
    locators.reduce<string | undefined>((found, locator) => found ?? locator.find(delivery, json), undefined),
});

/** How GET /webhooks lists "every other event" of a provider that renders them all from one envelope. */
export const EVERY_OTHER_EVENT = '*';

/** Longest event name and delivery id accepted: they are logged and keyed on. */
const MAX_NAME = 200;

/**
 * Why an event name or delivery id is unfit to key records on
 * and print, if it is: too long, ill-formed, control characters.
 */
function unfitName(value: string): string | undefined {
  if (value.length > MAX_NAME) return 'is too long';
  if (!value.isWellFormed() || /[\u0000-\u001f\u007f-\u009f]/.test(value)) return 'has characters an id cannot have';
  return undefined;
}

/**
 * A provider whose deliveries name their event and id and whose rendered events each have a schema
 * and a renderer: the shape of most. Payloads are read tolerantly (tolerantRead.ts), so a known
 * event is never refused for a field absent, null or of another type, as older, self-hosted and
 * newer versions send them.
 */
export function schemaProvider<S extends Record<string, z.core.$ZodType>>(spec: {
  name: string;
  displayName: string;
  description: string;
  docs: string;
  signature?: SignatureScheme;
  event: Locator;
  deliveryId?: Locator;
  /** What happened to the event's subject ("opened", "closed"), for filters like `pull_request.opened`. */
  action?: Locator;
  /** The body as an object, for providers that send more than JSON (default: jsonOf). */
  parse?: (delivery: ProviderDelivery) => unknown;
  /**
   * The schema of each rendered event, built at the first delivery read rather than at import, so a
   * relay builds only the schemas of the provider it reads (test/unit/schemaProvider.test.ts holds
   * that importing builds none).
   */
  schemas: () => S;
  renderers: { [E in keyof S]: (payload: TolerantOutput<S[E]>) => Embed };
  /**
   * For providers whose many events share one envelope (Stripe, Square): every event without a
   * renderer of its own is rendered from it. GET /webhooks lists it as `*`.
   * Its schema is built when first needed, as `schemas` are.
   */
  everyOtherEvent?: { schema: () => z.core.$ZodType; render: (payload: never, event: string) => Embed };
}): Provider {
  const isRendered = (event: string): event is Extract<keyof S, string> => Object.hasOwn(spec.renderers, event);
  // Built at the first delivery that needs them (spec.schemas).
  let schemas: S | undefined;
  let otherSchema: z.core.$ZodType | undefined;
  const fallback = spec.everyOtherEvent as
    | { schema: () => z.core.$ZodType; render: (payload: unknown, event: string) => Embed }
    | undefined;
  const schemaOf = (event: string) => {
    schemas ??= spec.schemas();
    return schemas[event] as z.core.$ZodType | undefined;
  };
  const fallbackSchema = () => {
    otherSchema ??= (fallback as NonNullable<typeof fallback>).schema();
    return otherSchema;
  };
  return {
    name: spec.name,
    displayName: spec.displayName,
    description: spec.description,
    docs: spec.docs,
    ...(spec.signature ? { signature: spec.signature } : {}),
    events: [...Object.keys(spec.renderers), ...(fallback ? [EVERY_OTHER_EVENT] : [])],
    headers: [
      ...spec.event.headers.map((name) => ({ name, carries: 'event' as const })),
      ...(spec.deliveryId?.headers ?? []).map((name) => ({ name, carries: 'delivery id' as const })),
      ...(spec.signature ? [{ name: spec.signature.header, carries: 'signature' as const }] : []),
    ],
    read(delivery) {
      let parsedJson: { value: unknown } | undefined;
      const json = () => {
        parsedJson ??= { value: (spec.parse ?? jsonOf)(delivery) };
        return parsedJson.value;
      };
      const event = spec.event.find(delivery, json);
      if (!event) throw new PayloadError(`missing ${spec.event.describe}`, 'event');
      const unfitEvent = unfitName(event);
      if (unfitEvent) throw new PayloadError(`${spec.event.describe} ${unfitEvent}`, 'event');
      const deliveryId = spec.deliveryId?.find(delivery, json);
      // An unfit id is not worth losing the delivery over; it is read as absent (no duplicate check).
      const ids = deliveryId && !unfitName(deliveryId) ? { deliveryId } : {};
      const own = isRendered(event);
      if (!own && !fallback) return { kind: 'ignored', event, ...ids };
      const schema = own ? schemaOf(event) : fallbackSchema();
      // The types tie each renderer to a schema; a cast (gitea's forges pick theirs) could break that.
      if (!schema) throw new Error(`${spec.displayName} renders ${event} but has no schema for it`);
      const payload = readTolerantly(schema, json()) ?? {};
      const embed = own
        ? (spec.renderers[event] as (payload: unknown) => Embed)(payload)
        : (fallback as NonNullable<typeof fallback>).render(payload, event);
      const action = spec.action?.find(delivery, json);
      return {
        kind: 'message',
        event,
        ...(action && action.length <= MAX_NAME ? { action } : {}),
        ...ids,
        username: spec.displayName,
        embeds: [{ ...embed, timestamp: new Date().toISOString() }],
      };
    },
  };
}
