import type { APIGatewayProxyResult } from 'aws-lambda';
import { API_METRICS, recordMetric } from './metrics';

/** What became of a relay delivery, as its metric's `outcome` dimension. */
export type RelayOutcome = 'forwarded' | 'queued' | 'ignored' | 'refused' | 'refusedByDiscord';

/** Refusals that are Discord's (a wrong token, an invalid message, a remembered refusal): marked where thrown. */
const byDiscord = new WeakSet<object>();

export function refusedByDiscord<E extends object>(error: E): E {
  byDiscord.add(error);
  return error;
}

/** The outcome of an answered delivery, by the first word of its message ("forwarded: push"). */
function answered(result: APIGatewayProxyResult): RelayOutcome {
  const word = /"message":"(\w+)/.exec(result.body)?.[1];
  if (word === 'forwarded' || word === 'queued') return word;
  return result.statusCode < 300 ? 'ignored' : 'refused';
}

/**
 * The relay's handler, counted per provider (a known provider's name, else "unknown": never the
 * path as sent) and outcome, whether it answers or throws.
 */
export function countedRelay<A extends unknown[]>(
  providerOf: (...args: A) => string,
  relay: (...args: A) => Promise<APIGatewayProxyResult>,
): (...args: A) => Promise<APIGatewayProxyResult> {
  return async (...args) => {
    const count = (outcome: RelayOutcome) =>
      recordMetric(API_METRICS.relayDeliveries, 1, 'Count', { provider: providerOf(...args), outcome });
    try {
      const result = await relay(...args);
      count(answered(result));
      return result;
    } catch (error) {
      count(typeof error === 'object' && error !== null && byDiscord.has(error) ? 'refusedByDiscord' : 'refused');
      throw error;
    }
  };
}
