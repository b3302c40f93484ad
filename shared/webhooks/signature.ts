import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../crypto/hash';
import type { StoredSecret } from '../store/webhookSecrets';
import type { ProviderDelivery, SignatureScheme } from './provider';


/** Compares in constant time (for equal lengths; a length mismatch says nothing about the secret). */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a delivery carries a valid signature for `secret` under `scheme`: an HMAC of the raw
 * body, or the secret itself in a token header (compared by hash, so only the hash is stored).
 */
export function verifySignature(scheme: SignatureScheme, delivery: ProviderDelivery, secret: { plaintext?: string; sha256?: string }): boolean {
  const sent = delivery.headers[scheme.header.toLowerCase()];
  if (!sent) return false;
  if (scheme.kind === 'token') {
    return secret.sha256 !== undefined && sameBytes(Buffer.from(sha256Hex(sent), 'hex'), Buffer.from(secret.sha256, 'hex'));
  }
  if (secret.plaintext === undefined) return false;
  const expected = createHmac(scheme.algorithm, secret.plaintext).update(delivery.body, 'utf8').digest();
  const prefix = scheme.prefix ?? '';
  // Some providers send several comma-separated signatures (key rotation, versions): any one may match.
  return sent.split(',').some((candidate) => {
    const value = candidate.trim();
    if (!value.startsWith(prefix)) return false;
    const digest = Buffer.from(value.slice(prefix.length), scheme.encoding);
    return sameBytes(digest, expected);
  });
}
