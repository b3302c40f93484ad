import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../crypto/hash';
import type { ProviderDelivery, SignatureScheme, SignedContent } from './provider';

/** Compares in constant time (for equal lengths; a length mismatch says nothing about the secret). */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `valid`, or why not: no signature that matches, or (for timestamped schemes) one signed too long ago. */
export type SignatureVerdict = 'valid' | 'invalid' | 'stale';

/** The comma-separated parts of a signature header (`t=1,v1=ab,v1=cd`), trimmed. */
const partsOf = (header: string) => header.split(',').map((part) => part.trim());

/** A timestamp as providers send them: Unix seconds (Stripe, Buildkite) or ISO 8601 (Zendesk); milliseconds. */
function timestampMs(value: string): number | undefined {
  if (/^\d{1,12}$/.test(value)) return Number(value) * 1000;
  const parsed = /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The text the provider signed, and whether it is too old; undefined when the delivery lacks a part of it. */
function signedText(
  signs: SignedContent | undefined,
  delivery: ProviderDelivery,
  sent: string,
  now: number,
): { text: string; stale: boolean } | undefined {
  if (!signs) return { text: delivery.body, stale: false };
  if ('url' in signs) {
    if (delivery.url === undefined) return undefined;
    return {
      text: signs.url === 'before body' ? `${delivery.url}${delivery.body}` : `${delivery.body}${delivery.url}`,
      stale: false,
    };
  }
  const from = signs.timestamp;
  const timestamp =
    'key' in from
      ? partsOf(sent)
          .find((part) => part.startsWith(`${from.key}=`))
          ?.slice(from.key.length + 1)
      : delivery.headers[from.header.toLowerCase()];
  if (!timestamp) return undefined;
  const at = timestampMs(timestamp);
  const stale =
    signs.toleranceSeconds !== undefined && (at === undefined || Math.abs(now - at) > signs.toleranceSeconds * 1000);
  return { text: `${timestamp}${signs.separator}${delivery.body}`, stale };
}

/**
 * Whether a delivery carries a valid signature for `secret` under `scheme`: an HMAC of what the
 * provider signs, or the secret itself in a token header (compared by hash, so only the hash is
 * stored). A signature that matches but carries a timestamp outside the provider's tolerance is
 * `stale` (a captured delivery sent again).
 */
export function verifySignature(
  scheme: SignatureScheme,
  delivery: ProviderDelivery,
  secret: { plaintext?: string; sha256?: string },
  now = Date.now(),
): SignatureVerdict {
  return checkSignature(scheme, delivery, secret, now).verdict;
}

/**
 * verifySignature's verdict and, for a valid HMAC, the HMAC itself: what identifies the signed
 * delivery (its body and timestamp), however the header spelled it (hex in capitals, parts
 * reordered or added), so a copy sent again is known as one.
 */
export function checkSignature(
  scheme: SignatureScheme,
  delivery: ProviderDelivery,
  secret: { plaintext?: string; sha256?: string },
  now = Date.now(),
): { verdict: SignatureVerdict; hmac?: string } {
  const invalid = { verdict: 'invalid' } as const;
  const sent = delivery.headers[scheme.header.toLowerCase()];
  if (!sent) return invalid;
  if (scheme.kind === 'token') {
    return secret.sha256 !== undefined &&
      sameBytes(Buffer.from(sha256Hex(sent), 'hex'), Buffer.from(secret.sha256, 'hex'))
      ? { verdict: 'valid' }
      : invalid;
  }
  if (secret.plaintext === undefined) return invalid;
  const signed = signedText(scheme.signs, delivery, sent, now);
  if (!signed) return invalid;
  const expected = createHmac(scheme.algorithm, secret.plaintext).update(signed.text, 'utf8').digest();
  const prefix = scheme.prefix ?? '';
  // Some providers send several comma-separated signatures (key rotation, versions): any one may match.
  const matches = partsOf(sent).some(
    (value) =>
      value.startsWith(prefix) && sameBytes(Buffer.from(value.slice(prefix.length), scheme.encoding), expected),
  );
  if (!matches) return invalid;
  return signed.stale ? { verdict: 'stale' } : { verdict: 'valid', hmac: expected.toString('hex') };
}

/** How a scheme signs, in words, for GET /webhooks and the relay page. */
export function describeScheme(scheme: SignatureScheme): string {
  if (scheme.kind === 'token') return `the secret itself in ${scheme.header}`;
  const algorithm = `HMAC-${scheme.algorithm.toUpperCase().replace(/^SHA(\d)/, 'SHA-$1')}`;
  const signs = scheme.signs;
  const over = !signs
    ? 'the raw body'
    : 'url' in signs
      ? signs.url === 'before body'
        ? 'the relay URL followed by the raw body'
        : 'the raw body followed by the relay URL'
      : 'the timestamp ' +
        `${'key' in signs.timestamp ? `(${signs.timestamp.key}= in the header)` : `(${signs.timestamp.header})`}` +
        `${signs.separator ? `, "${signs.separator}"` : ''} and the raw ` +
        `body${signs.toleranceSeconds !== undefined ? `, refused when more than ${signs.toleranceSeconds} s old` : ''}`;
  return (
    `${algorithm} of ${over}, ${scheme.encoding === 'hex' ? 'hex' : 'base64'}-encoded in ` +
    `${scheme.header}${scheme.prefix ? ` after ${scheme.prefix}` : ''}`
  );
}
