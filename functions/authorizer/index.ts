import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { authorize } from '../../shared/access/authorizer';
import { limiterFromEnv } from '../../shared/access/rateLimiter';
import { logger } from '../../shared/logging/logger';
import { AUTHORIZER_BUDGET_MS, withinRequestBudget } from '../../shared/aws/requestBudget';
import { createStores } from '../../shared/store';

const stores = createStores();
const deps = { apiKeys: stores.apiKeys, limiter: limiterFromEnv(stores.rateCounters) };

/** A thrown error makes API Gateway answer AUTHORIZER_CONFIGURATION_ERROR (500), which the stack maps to a 503. */
export const handler = async (event: APIGatewayRequestAuthorizerEvent) => {
  try {
    // In AWS a budget of its own, small so the function after it keeps most of the request's (requestBudget.ts);
    // the key's read and, for a deny, the count share it. On the local server, the request's one budget.
    return await withinRequestBudget(() => authorize(event, deps), AUTHORIZER_BUDGET_MS);
  } catch (error) {
    logger.error('authorizer failed', { error: error as Error });
    throw error;
  }
};
