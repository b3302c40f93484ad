import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { authorize } from '../../shared/access/authorizer';
import { limiterFromEnv } from '../../shared/access/rateLimiter';
import { logger } from '../../shared/logging/logger';
import { withinRequestBudget } from '../../shared/aws/requestBudget';
import { createStores } from '../../shared/store';

const stores = createStores();
const deps = { apiKeys: stores.apiKeys, limiter: limiterFromEnv(stores.rateCounters) };

/** A thrown error makes API Gateway answer AUTHORIZER_CONFIGURATION_ERROR (500), which the stack maps to a 503. */
export const handler = async (event: APIGatewayRequestAuthorizerEvent) => {
  try {
    // Its own budget: the key's read and, for a deny, the count share it (the function's is another).
    return await withinRequestBudget(() => authorize(event, deps));
  } catch (error) {
    logger.error('authorizer failed', { error: error as Error });
    throw error;
  }
};
