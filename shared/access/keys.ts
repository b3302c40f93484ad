import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyRecord } from '../store';

/** Key values are opaque bearer tokens; a generated one is `cbk_` + 32 random bytes. */
export function generateKeyValue(): string {
  return `cbk_${randomBytes(32).toString('base64url')}`;
}

/** Key ids are public handles (shown by `keys list`, used by `keys revoke`). */
export function generateKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}

export function hashKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two hex digests without leaking, through timing, how many leading characters match. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * What the stored record says of the key with `keyHash`: the authorizer, the gateway's usage-plan
 * check and the write routes' second look all read a record this one way.
 */
export function activeKey(
  record: ApiKeyRecord | undefined,
  keyHash: string,
): { ok: true; record: ApiKeyRecord } | { ok: false; reason: 'unknown' | 'revoked' } {
  // The lookup is by hash already; the constant-time comparison guards against a store that
  // matched loosely (or a future lookup by id) ever letting a different key through.
  if (!record || !sameHash(record.keyHash, keyHash)) return { ok: false, reason: 'unknown' };
  return record.revokedAt ? { ok: false, reason: 'revoked' } : { ok: true, record };
}

// Printable ASCII without spaces (RFC 6750 b64token is stricter; we accept any visible token).
// The scheme name is case-insensitive (RFC 9110 section 11.1).
const BEARER = /^Bearer +([\x21-\x7e]{1,512})$/i;

export type BearerResult = { ok: true; key: string } | { ok: false; reason: 'missing' | 'malformed' };

/** Reads `Authorization: Bearer <key>`; headers may come in any letter case. */
export function readBearer(headers: Record<string, string | undefined> | null | undefined): BearerResult {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization');
  const value = entry?.[1];
  if (value === undefined || value.trim() === '') return { ok: false, reason: 'missing' };
  const match = BEARER.exec(value.trim());
  return match?.[1] ? { ok: true, key: match[1] } : { ok: false, reason: 'malformed' };
}
