import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { ApiMiddleware, ApiRequest } from '../http/middleware/types';
import { API_METRICS, apiMetrics, metricsOn } from '../observability/metrics';

/** 2xx, 3xx, 4xx or 5xx: the only status a metric's dimension carries (bounded, unlike the status itself). */
export const statusClass = (statusCode: number | undefined): string =>
  `${Math.min(5, Math.max(2, Math.floor((statusCode ?? 500) / 100)))}xx`;

/**
 * The metrics of every request: Powertools' logMetrics (writes the request's metrics once, as it
 * ends, and the cold start), and one count per route id and status class. Used ahead of the error
 * handler, so its `after`/`onError` run once the answer, error or not, has its status. Nothing
 * when metrics are off (metricsOn).
 */
export function requestMetrics(routeId: string, group: string): ApiMiddleware[] {
  if (!metricsOn()) return [];
  const metrics = apiMetrics();
  const count = (request: ApiRequest) => {
    metrics.addDimensions({ route: routeId, statusClass: statusClass(request.response?.statusCode) });
    metrics.addMetric(API_METRICS.requests, MetricUnit.Count, 1);
  };
  // `before` runs in this order and `after` in the reverse one: the group is the service before the
  // cold start is counted, and the request is counted before logMetrics writes.
  return [
    { before: () => void metrics.setDefaultDimensions({ service: group }) },
    logMetrics(metrics, { captureColdStartMetric: true }) as ApiMiddleware,
    { after: count, onError: count },
  ];
}
