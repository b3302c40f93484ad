import * as z from 'zod/mini';
import { atMost, withMeta } from '../params';
import { NO_CONTROLS } from '../patterns';

/** Key ids as `generateKeyId` writes them (shared/access/keys.ts). */
export const KEY_ID = /^key_[0-9a-f]{16}$/;

/** What the callback reads: Discord's answer to the authorization request (RFC 6749 section 4.1.2). */
export const callbackQuery = z.object({
  state: z.string({ error: 'is required' }).check(atMost(128)),
  code: z.optional(z.string().check(atMost(512))),
  /** Set instead of `code` when the person declined (`access_denied`) or Discord refused. */
  error: z.optional(z.string().check(atMost(128))),
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
export type KeyView = z.output<typeof keyView>;

export const keyListData = z.object({ keys: z.array(keyView), maxActiveKeys: z.number() });

export const newKeyBody = z.object({
  name: z
    .string({ error: 'is required' })
    .check(z.minLength(1, { error: 'must not be empty' }), atMost(64), z.regex(NO_CONTROLS, { error: 'must not contain control characters' })),
});

/** The key itself is in `value`: shown this once, never stored. */
export const createdKeyData = z.object({ key: keyView, value: z.string() });

export const keyPath = z.object({
  keyId: z.string({ error: 'is required' }).check(z.regex(KEY_ID, { error: 'must be a key id (key_ and 16 hex digits)' })),
});

export const revokedKeyData = z.object({ key: keyView });
export const signedOutData = z.object({ signedOut: z.boolean() });
