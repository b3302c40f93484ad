import { checkWebhook } from '../../shared/discord/poster';
import { discordRefusal } from '../../shared/discord/refusal';
import { ApiError } from '../../shared/errors/apiError';
import { jsonResponse } from '../../shared/http/responses';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { webhookOfUrl } from '../../shared/routes/webhookUrl';
import type { Routes } from '../../shared/routes/table';
import { accountJson } from '../../shared/runtime/signedIn';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { SecretsChangedError } from '../../shared/store/webhookSecrets';
import { storableSecrets } from '../../shared/webhooks/secrets';
import { signedIn, type WebhookHandler, type WebhookServices } from './services';

const WORDING = {
  // The API key is fine; it just does not prove control of this webhook.
  wrongToken: new ApiError('FORBIDDEN', 'Discord rejected the webhook token: only whoever holds the webhook URL may register its secrets'),
  refused: 'Discord could not confirm the webhook',
  failed: 'Discord could not confirm the webhook',
};

interface Registration {
  webhook: { id: string; token: string };
  secrets: Record<string, string>;
  requireSignatures?: boolean | undefined;
  /** The account the webhook joins (its dashboard lists it), and the key that registered it, if any. */
  account: string;
  keyId: string;
  /**
   * The dashboard saves one provider's secret at a time: the account's other secrets are kept, and
   * requireSignatures too when the form does not say. The API's PUT replaces them all.
   */
  merge?: boolean;
}

/**
 * Tries of a merge that finds the record changed under it (saves at once) before it gives up: n
 * saves arriving together need n tries for the last of them, as each round lets one through.
 */
const MERGE_TRIES = 5;

/**
 * Replaces (or, for the dashboard, merges into) the signature secrets of a Discord webhook, after
 * Discord confirms the token (so an API key alone cannot lock someone else's webhook). Secrets are
 * sealed or hashed, never stored or answered in the clear; the webhook goes to the registering
 * account. The answer names the providers whose deliveries must now be signed (all of them with
 * `requireSignatures`).
 */
async function registerSecrets({ webhook, secrets, requireSignatures, account, keyId, merge = false }: Registration, deps: WebhookServices) {
  // What Discord says counts for the relay too: a confirmed token is known good, a refused one remembered.
  const pair = await deps.pairGuard.recall(webhook.id, webhook.token);
  const check = await deps.pairGuard.consult(pair, (onInvalidAnswer) => checkWebhook(webhook.id, webhook.token, { apiBase: deps.discordApiBase, onInvalidAnswer }));
  if (check.kind !== 'delivered') throw discordRefusal(check, WORDING);
  const given = await storableSecrets(webhook.id, secrets, deps.secretBox);
  for (let tries = 1; ; tries += 1) {
    const read = merge ? await deps.webhookSecrets.get(webhook.id) : undefined;
    // Only the account's own registration is merged into: whoever else holds the URL starts afresh.
    const kept = read?.ownerAccount === account ? read : undefined;
    const stored = { ...kept?.secrets, ...given };
    const required = (requireSignatures ?? kept?.requireSignatures) === true && Object.keys(stored).length > 0;
    const updatedAt = deps.now().toISOString();
    try {
      await deps.webhookSecrets.replace(
        { webhookId: webhook.id, secrets: stored, ...(required ? { requireSignatures: required } : {}), keyId, ownerAccount: account, updatedAt },
        merge ? (read ? { updatedAt: read.updatedAt } : 'absent') : undefined,
      );
      return { webhookId: webhook.id, signedProviders: Object.keys(stored).sort(), requireSignatures: required, updatedAt };
    } catch (error) {
      if (!(error instanceof SecretsChangedError)) throw error;
      if (tries === MERGE_TRIES) throw new StoreUnavailableError('PutItem', error);
    }
  }
}

export const putWebhookSecrets: WebhookHandler<Routes['putWebhookSecrets']> = async ({ path, body }, context, deps) => {
  const registration = { webhook: path, ...body, account: context.account ?? `key:${context.keyId ?? 'unknown'}`, keyId: context.keyId ?? 'unknown' };
  return jsonResponse(await registerSecrets(registration, deps), context.requestId);
};

/** The dashboard's registration: the webhook named by its URL, for the signed-in account. */
export const dashboardSaveWebhook = signedIn(webhookRoutes.dashboardSaveWebhook, async ({ body }, session, context, deps) => {
  const { webhookUrl, ...secrets } = body;
  const registration = { webhook: webhookOfUrl(webhookUrl), ...secrets, account: session.accountId, keyId: 'dashboard', merge: true };
  return accountJson(await registerSecrets(registration, deps), context.requestId);
});
