import { createHash } from 'node:crypto';

/** SHA-256 in hex: how secrets and webhook tokens are keyed and compared without storing them. */
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
