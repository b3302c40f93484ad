import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KMSClient } from '@aws-sdk/client-kms';
import { ATTEMPT_LIMITS, withCallDeadline } from '../aws/callLimits';
import { LRUCache } from 'lru-cache';
import { StoreUnavailableError } from '../errors/unavailable';
import { lazyLoad } from '../loading/lazyLoad';
import { captured } from '../observability/tracing';

/**
 * Encrypts the few secrets the service must be able to read back (HMAC signing secrets, Discord
 * webhook tokens of failed deliveries). `context` binds a sealed value to where it is stored, so a
 * value copied into another record does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: Record<string, string>): Promise<string>;
  open(sealed: string, context: Record<string, string>): Promise<string>;
}

/** A sealed value that does not open: tampered, moved to another record, or sealed with another key. */
export class SealedValueError extends Error {
  override readonly name = 'SealedValueError';
}

const canonical = (context: Record<string, string>) =>
  JSON.stringify(
    Object.keys(context)
      .sort()
      .map((key) => [key, context[key]]),
  );

/** AES-256-GCM with a key held by the process (the local server, tests): `v1.local.<iv>.<ciphertext>.<tag>`. */
export class LocalSecretBox implements SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('a local secret key is 32 bytes (SECRETS_KEY: 32 bytes in base64)');
  }

  async seal(plaintext: string, context: Record<string, string>): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(canonical(context)));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', 'local', iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  async open(sealed: string, context: Record<string, string>): Promise<string> {
    const [version, kind, iv, ciphertext, tag] = sealed.split('.');
    if (version !== 'v1' || kind !== 'local' || !iv || ciphertext === undefined || !tag)
      throw new SealedValueError('not a locally sealed value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: 16,
      }).setAAD(Buffer.from(canonical(context)));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError('the sealed value does not open with this key and context');
    }
  }
}

/**
 * The KMS client's module, loaded on the first seal or open: most relay deliveries never need a
 * key (only a kept failure, a registered HMAC secret or a registration do), so a cold start does not load it.
 */
const loadKms = lazyLoad(() => import('@aws-sdk/client-kms'));

/**
 * AWS KMS: each value encrypted under the stack's key with `context` as its encryption context:
 * `v1.kms.<ciphertext blob>`. Opened values are cached briefly so a busy webhook does not cost
 * a KMS call per delivery. The client is made when it is first needed.
 */
export class KmsSecretBox implements SecretBox {
  private readonly opened = new LRUCache<string, string>({ max: 1000, ttl: 5 * 60_000 });
  private readonly kms: () => Promise<KMSClient>;

  constructor(
    makeClient: () => Promise<KMSClient>,
    private readonly keyId: string,
  ) {
    this.kms = lazyLoad(makeClient);
  }

  async seal(plaintext: string, context: Record<string, string>): Promise<string> {
    let CiphertextBlob: Uint8Array | undefined;
    try {
      const [kms, { EncryptCommand }] = await Promise.all([this.kms(), loadKms()]);
      ({ CiphertextBlob } = await kms.send(
        new EncryptCommand({
          KeyId: this.keyId,
          Plaintext: Buffer.from(plaintext, 'utf8'),
          EncryptionContext: context,
        }),
      ));
    } catch (error) {
      throw new StoreUnavailableError('Encrypt', error, 'KMS');
    }
    if (!CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return `v1.kms.${Buffer.from(CiphertextBlob).toString('base64url')}`;
  }

  async open(sealed: string, context: Record<string, string>): Promise<string> {
    const cacheKey = `${canonical(context)}\n${sealed}`;
    const cached = this.opened.get(cacheKey);
    if (cached !== undefined) return cached;
    const [version, kind, blob] = sealed.split('.');
    if (version !== 'v1' || kind !== 'kms' || !blob) throw new SealedValueError('not a KMS-sealed value');
    let plaintext: Uint8Array | undefined;
    try {
      const [kms, { DecryptCommand }] = await Promise.all([this.kms(), loadKms()]);
      ({ Plaintext: plaintext } = await kms.send(
        new DecryptCommand({
          KeyId: this.keyId,
          CiphertextBlob: Buffer.from(blob, 'base64url'),
          EncryptionContext: context,
        }),
      ));
    } catch (error) {
      // KMS answers InvalidCiphertextException for a wrong context or a tampered blob; anything else is an outage.
      if ((error as Error).name === 'InvalidCiphertextException')
        throw new SealedValueError('the sealed value does not open with this key and context');
      throw new StoreUnavailableError('Decrypt', error, 'KMS');
    }
    if (!plaintext) throw new Error('KMS returned no plaintext');
    const value = Buffer.from(plaintext).toString('utf8');
    this.opened.set(cacheKey, value);
    return value;
  }
}

/**
 * SECRETS_KMS_KEY_ID (Lambda) or SECRETS_KEY (base64, 32 bytes: the local server, tests). Functions
 * that keep no secrets have neither; their box fails only if it is ever used.
 */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv = process.env): SecretBox {
  if (env.SECRETS_KMS_KEY_ID) {
    // Fail fast like the DynamoDB client: a stalled key service is a 503, not a Lambda timeout.
    const client = async () =>
      withCallDeadline(captured(new (await loadKms()).KMSClient({ maxAttempts: 3, requestHandler: ATTEMPT_LIMITS })));
    return new KmsSecretBox(client, env.SECRETS_KMS_KEY_ID);
  }
  if (env.SECRETS_KEY) return new LocalSecretBox(Buffer.from(env.SECRETS_KEY, 'base64'));
  const unconfigured = async (): Promise<never> => {
    throw new Error('no secret key configured: set SECRETS_KMS_KEY_ID (AWS) or SECRETS_KEY (32 bytes in base64)');
  };
  return { seal: unconfigured, open: unconfigured };
}
