import { createHmac } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import type { SignatureScheme } from '../../shared/webhooks/provider';
import { sha256Hex } from '../../shared/crypto/hash';
import { describeScheme, verifySignature } from '../../shared/webhooks/signature';

const body = '{"zen":"Keep it logically awesome."}';
const delivery = (headers: Record<string, string>) => ({ headers, body });
const hmac = (secret: string, encoding: 'hex' | 'base64', algorithm = 'sha256') =>
  createHmac(algorithm, secret).update(body).digest(encoding);

describe('verifySignature', () => {
  const github: SignatureScheme = {
    kind: 'hmac',
    header: 'X-Hub-Signature-256',
    algorithm: 'sha256',
    encoding: 'hex',
    prefix: 'sha256=',
  };
  const heroku: SignatureScheme = {
    kind: 'hmac',
    header: 'Heroku-Webhook-Hmac-SHA256',
    algorithm: 'sha256',
    encoding: 'base64',
  };
  const circleci: SignatureScheme = {
    kind: 'hmac',
    header: 'circleci-signature',
    algorithm: 'sha256',
    encoding: 'hex',
    prefix: 'v1=',
  };
  const gitlab: SignatureScheme = { kind: 'token', header: 'X-Gitlab-Token' };

  test('HMAC, hex with a prefix: exact match only (header names are looked up lower-case)', () => {
    expect(
      verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('s', 'hex')}` }), { plaintext: 's' }),
    ).toBe('valid');
    expect(verifySignature(github, delivery({ 'x-hub-signature-256': hmac('s', 'hex') }), { plaintext: 's' })).toBe(
      'invalid',
    );
    expect(
      verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('t', 'hex')}` }), { plaintext: 's' }),
    ).toBe('invalid');
    expect(
      verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('s', 'hex').slice(0, 10)}` }), {
        plaintext: 's',
      }),
    ).toBe('invalid');
    expect(verifySignature(github, delivery({}), { plaintext: 's' })).toBe('invalid');
    expect(
      verifySignature(github, delivery({ 'x-hub-signature-256': `sha256=${hmac('s', 'hex')}` }), {
        sha256: sha256Hex('s'),
      }),
    ).toBe('invalid');
  });

  test('HMAC, base64 without a prefix', () => {
    expect(
      verifySignature(heroku, delivery({ 'heroku-webhook-hmac-sha256': hmac('s', 'base64') }), { plaintext: 's' }),
    ).toBe('valid');
    expect(
      verifySignature(heroku, delivery({ 'heroku-webhook-hmac-sha256': hmac('s', 'hex') }), { plaintext: 's' }),
    ).toBe('invalid');
  });

  test('several comma-separated signatures: any current one may match, unknown versions are skipped', () => {
    expect(
      verifySignature(circleci, delivery({ 'circleci-signature': `v2=zzz,v1=${hmac('s', 'hex')}` }), {
        plaintext: 's',
      }),
    ).toBe('valid');
    expect(
      verifySignature(circleci, delivery({ 'circleci-signature': `v2=${hmac('s', 'hex')}` }), { plaintext: 's' }),
    ).toBe('invalid');
  });

  test('a token is compared by its hash', () => {
    expect(verifySignature(gitlab, delivery({ 'x-gitlab-token': 'tok' }), { sha256: sha256Hex('tok') })).toBe('valid');
    expect(verifySignature(gitlab, delivery({ 'x-gitlab-token': 'tok ' }), { sha256: sha256Hex('tok') })).toBe(
      'invalid',
    );
    expect(verifySignature(gitlab, delivery({ 'x-gitlab-token': 'tok' }), { plaintext: 'tok' })).toBe('invalid');
  });

  const stripe: SignatureScheme = {
    kind: 'hmac',
    header: 'Stripe-Signature',
    algorithm: 'sha256',
    encoding: 'hex',
    prefix: 'v1=',
    signs: { timestamp: { key: 't' }, separator: '.', toleranceSeconds: 300 },
  };
  const zendesk: SignatureScheme = {
    kind: 'hmac',
    header: 'X-Zendesk-Webhook-Signature',
    algorithm: 'sha256',
    encoding: 'base64',
    signs: { timestamp: { header: 'X-Zendesk-Webhook-Signature-Timestamp' }, separator: '' },
  };
  const square: SignatureScheme = {
    kind: 'hmac',
    header: 'x-square-hmacsha256-signature',
    algorithm: 'sha256',
    encoding: 'base64',
    signs: { url: 'before body' },
  };
  const trello: SignatureScheme = {
    kind: 'hmac',
    header: 'X-Trello-Webhook',
    algorithm: 'sha1',
    encoding: 'base64',
    signs: { url: 'after body' },
  };
  const signText = (text: string, algorithm = 'sha256', encoding: 'hex' | 'base64' = 'hex') =>
    createHmac(algorithm, 's').update(text).digest(encoding);
  const at = Date.parse('2026-11-24T12:00:00Z');

  test("a timestamp key in the header (Stripe's t=): signs <t>.<body>, stale outside the tolerance", () => {
    const t = String(at / 1000);
    const header = (time: string, signature = signText(`${time}.${body}`)) =>
      delivery({ 'stripe-signature': `t=${time},v1=${signature},v0=ignored` });
    expect(verifySignature(stripe, header(t), { plaintext: 's' }, at)).toBe('valid');
    expect(verifySignature(stripe, header(t), { plaintext: 's' }, at + 299_000)).toBe('valid');
    expect(verifySignature(stripe, header(t), { plaintext: 's' }, at + 301_000)).toBe('stale');
    expect(verifySignature(stripe, header(t), { plaintext: 's' }, at - 301_000)).toBe('stale');
    // The timestamp is signed: moving it forward breaks the signature.
    expect(
      verifySignature(stripe, header(String(at / 1000 + 100), signText(`${t}.${body}`)), { plaintext: 's' }, at),
    ).toBe('invalid');
    expect(
      verifySignature(
        stripe,
        delivery({ 'stripe-signature': `v1=${signText(`${t}.${body}`)}` }),
        { plaintext: 's' },
        at,
      ),
    ).toBe('invalid');
    expect(
      verifySignature(stripe, delivery({ 'stripe-signature': `t=${t},v1=${signText(body)}` }), { plaintext: 's' }, at),
    ).toBe('invalid');
  });

  test("a timestamp header (Zendesk's): signs <timestamp><body>, no tolerance unless stated", () => {
    const time = '2021-07-25T10:00:00Z';
    const signature = signText(`${time}${body}`, 'sha256', 'base64');
    expect(
      verifySignature(
        zendesk,
        delivery({ 'x-zendesk-webhook-signature': signature, 'x-zendesk-webhook-signature-timestamp': time }),
        { plaintext: 's' },
        at,
      ),
    ).toBe('valid');
    expect(
      verifySignature(
        zendesk,
        delivery({
          'x-zendesk-webhook-signature': signature,
          'x-zendesk-webhook-signature-timestamp': '2021-07-25T10:00:01Z',
        }),
        { plaintext: 's' },
        at,
      ),
    ).toBe('invalid');
    expect(
      verifySignature(zendesk, delivery({ 'x-zendesk-webhook-signature': signature }), { plaintext: 's' }, at),
    ).toBe('invalid');
  });

  test('the URL the provider called, before (Square) or after (Trello) the body', () => {
    const url = 'https://api.example.com/prod/webhooks/square/123/tok';
    const withUrl = (headers: Record<string, string>, u: string | null = url) => ({
      headers,
      body,
      ...(u !== null ? { url: u } : {}),
    });
    expect(
      verifySignature(
        square,
        withUrl({ 'x-square-hmacsha256-signature': signText(`${url}${body}`, 'sha256', 'base64') }),
        { plaintext: 's' },
      ),
    ).toBe('valid');
    expect(
      verifySignature(
        square,
        withUrl({ 'x-square-hmacsha256-signature': signText(`${url}${body}`, 'sha256', 'base64') }, `${url}x`),
        { plaintext: 's' },
      ),
    ).toBe('invalid');
    expect(
      verifySignature(
        square,
        withUrl({ 'x-square-hmacsha256-signature': signText(`${url}${body}`, 'sha256', 'base64') }, null),
        { plaintext: 's' },
      ),
    ).toBe('invalid');
    expect(
      verifySignature(trello, withUrl({ 'x-trello-webhook': signText(`${body}${url}`, 'sha1', 'base64') }), {
        plaintext: 's',
      }),
    ).toBe('valid');
    expect(
      verifySignature(trello, withUrl({ 'x-trello-webhook': signText(`${url}${body}`, 'sha1', 'base64') }), {
        plaintext: 's',
      }),
    ).toBe('invalid');
  });

  test('each scheme is described in words for GET /webhooks', () => {
    expect(describeScheme(github)).toBe(
      'HMAC-SHA-256 of the raw body, hex-encoded in X-Hub-Signature-256 after sha256=',
    );
    expect(describeScheme(stripe)).toBe(
      'HMAC-SHA-256 of the timestamp (t= in the header), "." and the raw body, refused when more than 300 s ' +
        'old, hex-encoded in Stripe-Signature after v1=',
    );
    expect(describeScheme(zendesk)).toBe(
      'HMAC-SHA-256 of the timestamp (X-Zendesk-Webhook-Signature-Timestamp) and the raw body, base64-encoded ' +
        'in X-Zendesk-Webhook-Signature',
    );
    expect(describeScheme(trello)).toBe(
      'HMAC-SHA-1 of the raw body followed by the relay URL, base64-encoded in X-Trello-Webhook',
    );
    expect(describeScheme(gitlab)).toBe('the secret itself in X-Gitlab-Token');
  });
});
