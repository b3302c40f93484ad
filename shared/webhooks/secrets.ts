import type { SecretBox } from '../crypto/secretBox';
import { ApiError } from '../http/errors';
import type { WebhookSecretStore } from '../store/webhookSecrets';
import type { Provider, ProviderDelivery } from './provider';
import { providerNamed } from './providers/index';
import { sha256Hex, verifySignature, type StoredSecret } from './signature';

/** Binds a sealed signing secret to its webhook and provider: copied into another record it does not open. */
const secretContext = (webhookId: string, provider: string) => ({ purpose: 'webhook-signing-secret', webhookId, provider });

/** Turns the secrets an owner sends into what may be stored: sealed for HMAC schemes, hashed for token schemes. */
export async function storableSecrets(webhookId: string, secrets: Record<string, string>, box: SecretBox): Promise<Record<string, StoredSecret>> {
  const unsigned = Object.keys(secrets).filter((name) => !providerNamed(name)?.signature);
  if (unsigned.length > 0) {
    throw new ApiError(
      'INVALID_BODY',
      `body.secrets.${unsigned[0]} is not accepted: ${unsigned.join(', ')} ${unsigned.length === 1 ? 'does' : 'do'} not sign deliveries`,
      unsigned.map((name) => ({ field: `body.secrets.${name}`, issue: 'this provider does not sign its deliveries' })),
    );
  }
  const stored: Record<string, StoredSecret> = {};
  for (const [name, secret] of Object.entries(secrets)) {
    const scheme = (providerNamed(name) as Provider).signature;
    stored[name] = scheme?.kind === 'hmac' ? { kind: 'hmac', sealed: await box.seal(secret, secretContext(webhookId, name)) } : { kind: 'token', sha256: sha256Hex(secret) };
  }
  return stored;
}

/**
 * Refuses (401) a delivery for a webhook that registered a secret for this provider when its
 * signature does not verify. Without a registered secret, deliveries are accepted unsigned.
 */
export async function verifyDelivery(webhookId: string, provider: Provider, delivery: ProviderDelivery, deps: { webhookSecrets: WebhookSecretStore; secretBox: SecretBox }): Promise<void> {
  const stored = (await deps.webhookSecrets.get(webhookId))?.secrets[provider.name];
  if (!stored || !provider.signature) return;
  if (stored.kind !== provider.signature.kind) throw new ApiError('UNAUTHORIZED', `The ${provider.displayName} secret of this webhook no longer matches how ${provider.displayName} signs; register it again`);
  const secret = stored.kind === 'hmac' ? { plaintext: await deps.secretBox.open(stored.sealed, secretContext(webhookId, provider.name)) } : { sha256: stored.sha256 };
  if (!verifySignature(provider.signature, delivery, secret)) {
    const sent = delivery.headers[provider.signature.header.toLowerCase()];
    throw new ApiError('UNAUTHORIZED', sent ? `The ${provider.signature.header} signature does not match the registered secret` : `Missing the ${provider.signature.header} header: this webhook requires signed ${provider.displayName} deliveries`);
  }
}
