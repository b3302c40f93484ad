import * as z from 'zod/mini';
import { atMost, describedPattern, required, withMeta } from '../params';
import { VISIBLE_TEXT } from '../patterns';

/** Key ids as `generateKeyId` writes them (shared/access/keys.ts). */
export const KEY_ID = /^key_[0-9a-f]{16}$/;

/** What the callback reads: Discord's answer to the authorization request (RFC 6749 section 4.1.2). */
export const callbackQuery = z.object({
  state: z.string({ error: 'is required' }).check(atMost(128)),
  code: z.optional(z.string().check(atMost(512))),
  /** Set instead of `code` when the person declined (`access_denied`) or Discord refused. */
  error: z.optional(z.string().check(atMost(128))),
});

/** The page after a sign-in that did not finish: `signin=declined` when the person chose Cancel on Discord. */
export const pageQuery = z.object({
  // Any other value (a link someone mangled) is the plain page, not an error: a person reads this, not a program.
  signin: withMeta(z.optional(z.string()), {
    description: '`declined`: the page says the sign-in was cancelled; any other value is ignored',
  }),
});

/** Writes carry the session's CSRF token in this header (documented; checked by the function). */
export const csrfHeaders = z.object({
  'X-CSRF-Token': withMeta(z.string(), { description: "The session's CSRF token, from GET /dashboard/api/session" }),
});

const account = z.object({ id: z.string(), name: z.string() });
export const sessionData = z.object({ account, csrfToken: z.string() });

const keyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.optional(z.string()),
});

const bucket = z.object({ start: z.string(), allowed: z.number(), refused: z.number() });
const tally = z.object({ allowed: z.number(), refused: z.number() });

/** A key in the list: with what it did today (UTC) and when it was last used (within 30 days). */
const listedKey = z.extend(keyView, { today: z.optional(tally), lastUsedAt: z.optional(z.string()) });
export type KeyView = z.output<typeof keyView>;

export const keyListData = z.object({ keys: z.array(listedKey), maxActiveKeys: z.number() });

/**
 * A key's usage from its rate-limit counts: per minute (last hour), hour
 * (24 h) and day (30 days), 429s apart, with each drawn as a chart (SVG).
 */
export const usageData = z.object({
  keyId: z.string(),
  limitPerMinute: z.number(),
  minutes: z.array(bucket),
  hours: z.array(bucket),
  days: z.array(bucket),
  today: tally,
  lastUsedAt: z.optional(z.string()),
  charts: z.object({ minutes: z.string(), hours: z.string(), days: z.string() }),
});

export const newKeyBody = z.object({
  // A name of spaces is no name (the page trims what is typed; the API refuses it).
  name: z
    .string(required('must be a string'))
    .check(
      z.minLength(1, { error: 'must not be empty', abort: true }),
      atMost(64),
      z.regex(VISIBLE_TEXT, { error: 'must not be blank or contain control characters' }),
    ),
});

/** The key itself is in `value`: shown this once, never stored. */
export const createdKeyData = z.object({ key: keyView, value: z.string() });

export const keyPath = z.object({
  keyId: describedPattern(
    z.string({ error: 'is required' }).check(z.regex(KEY_ID, { error: 'must be a key id (key_ and 16 hex digits)' })),
    'key id: key_ and 16 hex digits',
  ),
});

export const revokedKeyData = z.object({ key: keyView });

/**
 * A rolled key: its replacement (same name) with the value, shown this once, and the key it replaces,
 * revoked (`revokedAt` set) unless revoking it failed after the replacement was made.
 */
export const rolledKeyData = z.object({ key: keyView, value: z.string(), replaced: keyView });
export const signedOutData = z.object({ signedOut: z.boolean() });
