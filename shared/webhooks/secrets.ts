import { SealedValueError, type SecretBox } from '../crypto/secretBox';
import { ApiError } from '../errors/apiError';
import type { WebhookSecretStore } from '../store/webhookSecrets';
import type { Provider, ProviderDelivery } from './provider';
import { providerNamed } from './providers/index';
import { sha256Hex } from '../crypto/hash';
import type { StoredSecret } from '../store/webhookSecrets';
import { checkSignature } from './signature';

/** Binds a sealed signing secret to its webhook and provider: copied into another record it does not open. */
const secretContext = (webhookId: string, provider: string) => ({
  purpose: 'webhook-signing-secret',
  webhookId,
  provider,
});

/** Turns the secrets an owner sends (providers that sign, checked by the body schema) into what may be stored. */
export async function storableSecrets(
  webhookId: string,
  secrets: Record<string, string>,
  box: SecretBox,
): Promise<Record<string, StoredSecret>> {
  const stored: Record<string, StoredSecret> = {};
  for (const [name, secret] of Object.entries(secrets)) {
    const scheme = providerNamed(name)?.signature;
    if (!scheme) throw new Error(`${name} takes no secret`);
    // HMAC schemes need the secret itself back, so it is sealed; a token is compared by hash.
    stored[name] =
      scheme.kind === 'hmac'
        ? { kind: 'hmac', sealed: await box.seal(secret, secretContext(webhookId, name)) }
        : { kind: 'token', sha256: sha256Hex(secret) };
  }
  return stored;
}

/** A sealed secret that does not open (moved from another webhook, or sealed under another key) verifies nothing. */
async function openSecret(sealed: string, webhookId: string, provider: Provider, box: SecretBox): Promise<string> {
  try {
    return await box.open(sealed, secretContext(webhookId, provider.name));
  } catch (error) {
    if (error instanceof SealedValueError)
      throw new ApiError(
        'UNAUTHORIZED',
        `The ${provider.displayName} secret of this webhook cannot be read; register it again`,
      );
    throw error;
  }
}

/**
 * Refuses (401) a delivery whose signature does not verify when the webhook registered a secret for
 * this provider, or, when it requires signatures, one from a provider without a secret; others pass
 * unsigned. Answers the verified HMAC as hex (what de-duplication keys on, however the header
 * spelled it), else undefined.
 */
export async function verifyDelivery(
  webhookId: string,
  provider: Provider,
  delivery: ProviderDelivery,
  deps: { webhookSecrets: WebhookSecretStore; secretBox: SecretBox; now: () => Date },
): Promise<string | undefined> {
  const record = await deps.webhookSecrets.get(webhookId);
  const stored = record?.secrets[provider.name];
  if (!stored || !provider.signature) {
    if (record?.requireSignatures)
      throw new ApiError(
        'UNAUTHORIZED',
        `This webhook accepts signed deliveries only, and has no ${provider.displayName} secret registered`,
      );
    return undefined;
  }
  if (stored.kind !== provider.signature.kind)
    throw new ApiError(
      'UNAUTHORIZED',
      `The ${provider.displayName} secret of this webhook no longer matches how ${provider.displayName} signs; ` +
        'register it again',
    );
  const secret =
    stored.kind === 'hmac'
      ? { plaintext: await openSecret(stored.sealed, webhookId, provider, deps.secretBox) }
      : { sha256: stored.sha256 };
  const sent = delivery.headers[provider.signature.header.toLowerCase()];
  const { verdict, hmac } = checkSignature(provider.signature, delivery, secret, deps.now().getTime());
  if (verdict === 'stale')
    throw new ApiError(
      'UNAUTHORIZED',
      `The ${provider.signature.header} signature is too old: a delivery is accepted only shortly after ` +
        `${provider.displayName} signs it`,
    );
  if (verdict !== 'valid') {
    throw new ApiError(
      'UNAUTHORIZED',
      sent
        ? `The ${provider.signature.header} signature does not match the registered secret`
        : `Missing the ${provider.signature.header} header: this webhook requires signed ${provider.displayName} ` +
            'deliveries',
    );
  }
  // A token header is the same on every delivery: only an HMAC identifies the delivery it signs.
  return hmac;
}
