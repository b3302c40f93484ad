import { createHmac } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import type { SignatureScheme } from '../../shared/webhooks/provider';
import { sha256Hex } from '../../shared/crypto/hash';
import { verifySignature } from '../../shared/webhooks/signature';

const body = '{"zen":"Keep it logically awesome."}';
const delivery = (headers: Record<string, string>) => ({ headers, body });
const hmac = (secret: string, encoding: 'hex' | 'base64', algorithm = 'sha256') => createHmac(algorithm, secret).update(body).digest(encoding);

describe('verifySignature', () => {
  const github: SignatureScheme = { kind: 'hmac', header: 'X-Hub-Signature-256', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' };
  const heroku: SignatureScheme = { kind: 'hmac', header: 'Heroku-Webhook-Hmac-SHA256', algorithm: 'sha256', encoding: 'base64' };
  const circleci: SignatureScheme = { kind: 'hmac', header: 'circleci-signature', algorithm: 'sha256', encoding: 'hex', prefix: 'v1=' };
  const gitlab: SignatureScheme = { kind: 'token', header: 'X-Gitlab-Token' };

  test('HMAC, hex with a prefix: exact match only (header names are looked up lower-case)', () => {
    expect(verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('s', 'hex')}` }), { plaintext: 's' })).toBe(true);
    expect(verifySignature(github, delivery({ 'x-hub-signature-256': hmac('s', 'hex') }), { plaintext: 's' })).toBe(false);
    expect(verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('t', 'hex')}` }), { plaintext: 's' })).toBe(false);
    expect(verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('s', 'hex').slice(0, 10)}` }), { plaintext: 's' })).toBe(false);
    expect(verifySignature(github, delivery({}), { plaintext: 's' })).toBe(false);
    expect(verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('s', 'hex')}` }), { sha256: sha256Hex('s') })).toBe(false);
  });

  test('HMAC, base64 without a prefix', () => {
    expect(verifySignature(heroku, delivery({ 'heroku-webhook-hmac-sha256': hmac('s', 'base64') }), { plaintext: 's' })).toBe(true);
    expect(verifySignature(heroku, delivery({ 'heroku-webhook-hmac-sha256': hmac('s', 'hex') }), { plaintext: 's' })).toBe(false);
  });

  test('several comma-separated signatures: any current one may match, unknown versions are skipped', () => {
    expect(verifySignature(circleci, delivery({ 'circleci-signature': `v2=zzz,v1=${hmac('s', 'hex')}` }), { plaintext: 's' })).toBe(true);
    expect(verifySignature(circleci, delivery({ 'circleci-signature': `v2=${hmac('s', 'hex')}` }), { plaintext: 's' })).toBe(false);
  });

  test('a token is compared by its hash', () => {
    expect(verifySignature(gitlab, delivery({ 'x-gitlab-token': 'tok' }), { sha256: sha256Hex('tok') })).toBe(true);
    expect(verifySignature(gitlab, delivery({ 'x-gitlab-token': 'tok ' }), { sha256: sha256Hex('tok') })).toBe(false);
    expect(verifySignature(gitlab, delivery({ 'x-gitlab-token': 'tok' }), { plaintext: 'tok' })).toBe(false);
  });
});
