import { describe, expect, jest, test } from '@jest/globals';
import { DecryptCommand, EncryptCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { KmsSecretBox, LocalSecretBox, SealedValueError, secretBoxFromEnv } from '../../shared/crypto/secretBox';
import { StoreUnavailableError } from '../../shared/errors/unavailable';

const KEY = Buffer.alloc(32, 1);
const CONTEXT = { purpose: 'test', webhookId: '1' };

describe('LocalSecretBox (AES-256-GCM)', () => {
  test('opens what it sealed, with a fresh IV each time', async () => {
    const box = new LocalSecretBox(KEY);
    const [a, b] = [await box.seal('s3cret ✓', CONTEXT), await box.seal('s3cret ✓', CONTEXT)];
    expect(a).toMatch(/^v1\.local\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(await box.open(a, { webhookId: '1', purpose: 'test' })).toBe('s3cret ✓');
  });

  test('another context, another key, or a changed byte does not open', async () => {
    const box = new LocalSecretBox(KEY);
    const sealed = await box.seal('s3cret', CONTEXT);
    await expect(box.open(sealed, { ...CONTEXT, webhookId: '2' })).rejects.toThrow(SealedValueError);
    await expect(new LocalSecretBox(Buffer.alloc(32, 2)).open(sealed, CONTEXT)).rejects.toThrow(SealedValueError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('different', 'utf8').toString('base64url');
    await expect(box.open(parts.join('.'), CONTEXT)).rejects.toThrow(SealedValueError);
    await expect(box.open('v1.kms.abc', CONTEXT)).rejects.toThrow(SealedValueError);
    const shortTag = sealed.split('.');
    shortTag[4] = Buffer.from(shortTag[4] ?? '', 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    await expect(box.open(shortTag.join('.'), CONTEXT)).rejects.toThrow(SealedValueError);
    expect(() => new LocalSecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

describe('KmsSecretBox', () => {
  test('encrypts under the key with the context; decrypts once, then from its cache', async () => {
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('blob') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('s3cret') });
    const box = new KmsSecretBox(async () => new KMSClient({ region: 'eu-west-1' }), 'arn:aws:kms:eu-west-1:1:key/k');
    const sealed = await box.seal('s3cret', CONTEXT);
    expect(sealed).toBe(`v1.kms.${Buffer.from('blob').toString('base64url')}`);
    expect(kms.commandCalls(EncryptCommand)[0]?.args[0].input).toMatchObject({
      KeyId: 'arn:aws:kms:eu-west-1:1:key/k',
      EncryptionContext: CONTEXT,
    });
    expect(await box.open(sealed, CONTEXT)).toBe('s3cret');
    expect(await box.open(sealed, CONTEXT)).toBe('s3cret');
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    expect(kms.commandCalls(DecryptCommand)[0]?.args[0].input).toMatchObject({
      EncryptionContext: CONTEXT,
      CiphertextBlob: Buffer.from('blob'),
    });
    kms.restore();
  });

  test('a wrong context or tampered blob is a SealedValueError; a KMS outage is a 503, not trusted', async () => {
    const kms = mockClient(KMSClient);
    const box = new KmsSecretBox(async () => new KMSClient({ region: 'eu-west-1' }), 'k');
    kms
      .on(DecryptCommand)
      .rejectsOnce(new InvalidCiphertextException({ message: 'bad', $metadata: {} }))
      .rejectsOnce(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    await expect(box.open('v1.kms.YWJj', CONTEXT)).rejects.toThrow(SealedValueError);
    await expect(box.open('v1.kms.YWJj', CONTEXT)).rejects.toThrow(
      new StoreUnavailableError('Decrypt', new Error('throttled'), 'KMS'),
    );
    kms.on(EncryptCommand).rejects(new Error('unreachable'));
    await expect(box.seal('x', CONTEXT)).rejects.toThrow(StoreUnavailableError);
    await expect(box.open('v1.local.a.b.c', CONTEXT)).rejects.toThrow(SealedValueError);
    kms.restore();
  });

  test('makes its client on the first seal or open, once; a failed making is tried again', async () => {
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('blob') });
    const make = jest
      .fn<() => Promise<KMSClient>>()
      .mockRejectedValueOnce(new Error('no module'))
      .mockImplementation(async () => new KMSClient({ region: 'eu-west-1' }));
    const box = new KmsSecretBox(make, 'k');
    expect(make).not.toHaveBeenCalled();
    await expect(box.seal('x', CONTEXT)).rejects.toThrow(StoreUnavailableError);
    await box.seal('x', CONTEXT);
    await box.seal('y', CONTEXT);
    expect(make).toHaveBeenCalledTimes(2);
    kms.restore();
  });
});

test('secretBoxFromEnv: KMS in Lambda, else a local key; unconfigured fails only when used', async () => {
  expect(secretBoxFromEnv({ SECRETS_KMS_KEY_ID: 'k' })).toBeInstanceOf(KmsSecretBox);
  expect(secretBoxFromEnv({ SECRETS_KEY: KEY.toString('base64') })).toBeInstanceOf(LocalSecretBox);
  await expect(secretBoxFromEnv({}).seal('x', CONTEXT)).rejects.toThrow(/SECRETS_KMS_KEY_ID/);
});
