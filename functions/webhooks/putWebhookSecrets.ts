import { checkWebhook } from '../../shared/discord/poster';
import { discordRefusal, type RefusalWording } from '../../shared/discord/refusal';
import { ApiError } from '../../shared/errors/apiError';
import { jsonResponse } from '../../shared/http/responses';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { webhookOfUrl } from '../../shared/routes/webhookUrl';
import type { Routes } from '../../shared/routes/table';
import { accountJson } from '../../shared/runtime/signedIn';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { SecretsChangedError } from '../../shared/store/webhookSecrets';
import type { Asker } from '../../shared/webhooks/pairGuard';
import { rememberedRefusal } from '../../shared/webhooks/refusedPairs';
import { storableSecrets } from '../../shared/webhooks/secrets';
import { tokenContext } from '../../shared/webhooks/forward';
import { defaultWebhookName } from '../../shared/webhooks/webhookName';
import { signedIn, type WebhookHandler, type WebhookServices } from './services';

const WORDING: RefusalWording = {
  // The API key is fine; it just does not prove control of this webhook.
  wrongToken: new ApiError(
    'FORBIDDEN',
    'Discord rejected the webhook token: only whoever holds the webhook URL may register its secrets',
  ),
  // GET of a well-formed id and token: an answer Discord finds invalid is its own fault, not the caller's.
  invalid: { code: 'UPSTREAM_ERROR', lead: 'Discord could not confirm the webhook' },
  failed: 'Discord could not confirm the webhook',
};

interface Registration {
  webhook: { id: string; token: string };
  secrets: Record<string, string>;
  /** Left out: the name the account gave it before, else a default (defaultWebhookName). */
  name?: string | undefined;
  requireSignatures?: boolean | undefined;
  /** The account the webhook joins (its dashboard lists it), and the key that registered it, if any. */
  account: string;
  keyId: string;
  /** Who asks Discord about the webhook: counted against the new pairs a minute of its address, key and account. */
  asker: Asker;
  /**
   * The dashboard saves one provider's secret at a time: the account's other secrets are kept, and
   * requireSignatures too when the form does not say. The API's PUT replaces them all.
   */
  merge?: boolean;
}

/**
 * Tries of a merge that finds the record changed under it (saves at once) before it gives up. Each
 * round one of the competing saves lands, so up to this many saves at once all land.
 */
const MERGE_TRIES = 5;

/**
 * Replaces (or, for the dashboard, merges into) a webhook's signature secrets once Discord confirms
 * the token, so an API key alone cannot lock someone else's webhook. Secrets are sealed or hashed,
 * never kept in the clear; the answer names the providers whose deliveries must now be signed.
 */
async function registerSecrets(
  { webhook, secrets, name, requireSignatures, account, keyId, asker, merge = false }: Registration,
  deps: WebhookServices,
) {
  // What Discord says counts for the relay too: a confirmed token is known good, a refused one remembered.
  // A refused one is answered from memory, as the relay does: each ask of it would count towards Discord's ban.
  // Asking about a pair never seen valid is bounded as the relay's
  // tries are (brake, per-address quota), and per key and account.
  const pair = await deps.pairGuard.recall(webhook.id, webhook.token);
  if (pair.verdict?.kind === 'refused') throw discordRefusal(rememberedRefusal(pair.verdict.status), WORDING);
  await deps.pairGuard.admit(pair, asker);
  const check = await deps.pairGuard.consult(pair, (onInvalidAnswer) =>
    checkWebhook(webhook.id, webhook.token, { apiBase: deps.discordApiBase, onInvalidAnswer }),
  );
  if (check.kind !== 'delivered') throw discordRefusal(check, WORDING);
  const given = await storableSecrets(webhook.id, secrets, deps.secretBox);
  // Kept so the dashboard can show the relay URL again: sealed as a replayable delivery's token is.
  const relayToken = {
    sealedToken: await deps.secretBox.seal(webhook.token, tokenContext(webhook.id)),
    tokenEnd: webhook.token.slice(-4),
  };
  for (let tries = 1; ; tries += 1) {
    // Read by a replacing PUT too, for the name the account gave the webhook.
    const read = await deps.webhookSecrets.get(webhook.id);
    // Only the account's own registration is merged into: whoever else holds the URL starts afresh.
    const kept = read?.ownerAccount === account ? read : undefined;
    const stored = { ...(merge ? kept?.secrets : {}), ...given };
    const named = name ?? kept?.name ?? defaultWebhookName(webhook.id, Object.keys(given));
    const keptRequire = merge ? kept?.requireSignatures : undefined;
    const required = (requireSignatures ?? keptRequire) === true && Object.keys(stored).length > 0;
    const updatedAt = deps.now().toISOString();
    try {
      await deps.webhookSecrets.replace(
        {
          webhookId: webhook.id,
          name: named,
          ...relayToken,
          secrets: stored,
          ...(required ? { requireSignatures: required } : {}),
          keyId,
          ownerAccount: account,
          updatedAt,
        },
        merge ? (read ? { updatedAt: read.updatedAt } : 'absent') : undefined,
      );
      return {
        webhookId: webhook.id,
        name: named,
        signedProviders: Object.keys(stored).sort(),
        requireSignatures: required,
        updatedAt,
      };
    } catch (error) {
      if (!(error instanceof SecretsChangedError)) throw error;
      if (tries === MERGE_TRIES) throw new StoreUnavailableError('PutItem', error);
    }
  }
}

export const putWebhookSecrets: WebhookHandler<Routes['putWebhookSecrets']> = async (
  { path, body, raw },
  context,
  deps,
) => {
  const asker = {
    sourceIp: raw.sourceIp,
    ...(context.keyId ? { keyId: context.keyId } : {}),
    ...(context.account ? { account: context.account } : {}),
  };
  const registration = {
    webhook: path,
    ...body,
    account: context.account ?? `key:${context.keyId ?? 'unknown'}`,
    keyId: context.keyId ?? 'unknown',
    asker,
  };
  return jsonResponse(await registerSecrets(registration, deps), context.requestId);
};

/** The dashboard's registration: the webhook named by its URL, for the signed-in account. */
export const dashboardSaveWebhook = signedIn(
  webhookRoutes.dashboardSaveWebhook,
  async ({ body, raw }, session, context, deps) => {
    const { webhookUrl, ...secrets } = body;
    // No key: the account is what one person signs in as, whatever key or address.
    const asker = { sourceIp: raw.sourceIp, account: session.accountId };
    const registration = {
      webhook: webhookOfUrl(webhookUrl),
      ...secrets,
      account: session.accountId,
      keyId: 'dashboard',
      asker,
      merge: true,
    };
    return accountJson(await registerSecrets(registration, deps), context.requestId);
  },
);
