import { SealedValueError } from '../../shared/crypto/secretBox';
import { ApiError } from '../../shared/errors/apiError';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { accountJson } from '../../shared/runtime/signedIn';
import { SecretsChangedError } from '../../shared/store/webhookSecrets';
import { tokenContext } from '../../shared/webhooks/forward';
import { ownWebhook } from './ownedWebhooks';
import { signedIn } from './services';

/** Tries of a rename that finds the webhook changed under it (a save at once) before it gives up. */
const RENAME_TRIES = 3;

export const dashboardRenameWebhook = signedIn(
  webhookRoutes.dashboardRenameWebhook,
  async ({ path, body }, session, context, deps) => {
    for (let tries = 1; ; tries += 1) {
      const record = await ownWebhook(path.id, session.accountId, deps);
      try {
        await deps.webhookSecrets.replace(
          { ...record, name: body.name, updatedAt: deps.now().toISOString() },
          { updatedAt: record.updatedAt },
        );
        return accountJson({ webhookId: path.id, name: body.name }, context.requestId);
      } catch (error) {
        if (!(error instanceof SecretsChangedError)) throw error;
        if (tries === RENAME_TRIES) throw new StoreUnavailableError('PutItem', error);
      }
    }
  },
);

const NOT_KEPT =
  'The relay URL of this webhook was not kept when it was saved: paste its Discord webhook URL in the form ' +
  'and save it again to keep it';

/** The token is opened only here, when its owner asks to copy the relay URL, never for the listing. */
export const dashboardRelayToken = signedIn(
  webhookRoutes.dashboardRelayToken,
  async ({ path }, session, context, deps) => {
    const record = await ownWebhook(path.id, session.accountId, deps);
    if (!record.sealedToken) throw new ApiError('NOT_FOUND', NOT_KEPT);
    try {
      const token = await deps.secretBox.open(record.sealedToken, tokenContext(path.id));
      return accountJson({ webhookId: path.id, token }, context.requestId);
    } catch (error) {
      if (error instanceof SealedValueError) throw new ApiError('NOT_FOUND', NOT_KEPT);
      throw error;
    }
  },
);
