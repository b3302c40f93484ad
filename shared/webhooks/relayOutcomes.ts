import type { APIGatewayProxyResult } from 'aws-lambda';
import { isDiscordRefusal } from '../discord/refusal';
import { API_METRICS, recordMetric } from '../observability/metrics';

/** What became of a relay delivery, as its metric's `outcome` dimension. */
export type RelayOutcome = 'forwarded' | 'queued' | 'ignored' | 'refused' | 'refusedByDiscord';

const marked = new WeakMap<object, RelayOutcome>();

/** Marks an answer with its outcome where it is made ("forwarded", "queued"), so counting reads no body. */
export function answeredAs(result: APIGatewayProxyResult, outcome: RelayOutcome): APIGatewayProxyResult {
  marked.set(result, outcome);
  return result;
}

/** An unmarked answer: ignored (filtered, a duplicate) if it is a 2xx, else refused (in flight). */
const answered = (result: APIGatewayProxyResult): RelayOutcome =>
  marked.get(result) ?? (result.statusCode < 300 ? 'ignored' : 'refused');

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
      count(isDiscordRefusal(error) ? 'refusedByDiscord' : 'refused');
      throw error;
    }
  };
}
