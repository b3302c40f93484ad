import { awsKeyRegistry, usagePlanNamed } from '../../shared/access/awsKeyRegistry';
import { storeRegistry, type KeyRegistry } from '../../shared/access/keyAdmin';
import { ATTEMPT_LIMITS, withCallDeadline } from '../../shared/aws/callLimits';
import { StoreUnavailableError } from '../../shared/errors/unavailable';
import type { ApiKeyStore } from '../../shared/store';
import { lazyLoad } from '../../shared/loading/lazyLoad';
import { captured } from '../../shared/observability/tracing';

/**
 * Where the dashboard's keys are made. In AWS (the stack sets USAGE_PLAN_NAME) a key is an API
 * Gateway key in the usage plan as well as its record, exactly as `npm run keys -- --aws` makes
 * them, so revoking takes it out of the plan and the gateway refuses it at once; the API Gateway
 * client is loaded at the first key, not at every cold start. Locally: the table alone.
 */
export function keyRegistryFromEnv(store: ApiKeyStore, env: NodeJS.ProcessEnv = process.env): KeyRegistry {
  const planName = env.USAGE_PLAN_NAME;
  if (!planName) return storeRegistry(store);
  // A failed plan lookup (throttled) is tried again at the next key, rather than never.
  const ready = lazyLoad(async () => {
    const { APIGatewayClient } = await import('@aws-sdk/client-api-gateway');
    const gateway = withCallDeadline(
      captured(new APIGatewayClient({ maxAttempts: 3, requestHandler: ATTEMPT_LIMITS })),
    );
    return awsKeyRegistry({ gateway, store, usagePlanId: await usagePlanNamed(gateway, planName) });
  });
  return {
    create: (key) => asOutage('create a key', async () => (await ready()).create(key)),
    list: () => store.list(),
    revoke: (id, at) => asOutage('revoke a key', async () => (await ready()).revoke(id, at)),
  };
}

/**
 * API Gateway failing (throttled, unreachable, the plan not found) is
 * an outage to the caller: 503 with Retry-After, as for the table.
 */
async function asOutage<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(what, error, 'API Gateway');
  }
}
