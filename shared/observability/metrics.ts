import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../logging/logger';

/** The namespace when the stack names none (the stack gives each stage its own: infra/cdk/observability.ts). */
export const DEFAULT_METRICS_NAMESPACE = 'ChatbotApi';

/** Every metric the functions write, by name: the dashboard (infra/cdk/dashboard.ts) graphs the same names. */
export const API_METRICS = {
  /** Per route id and status class (2xx, 3xx, 4xx, 5xx). */
  requests: 'Requests',
  /** Drawing an image route's SVG, ms, per route id. */
  renderTime: 'RenderTime',
  /** Turning an SVG into PNG, ms. */
  pngTime: 'PngTime',
  /** Relay deliveries per provider and outcome (RELAY_OUTCOMES). */
  relayDeliveries: 'RelayDeliveries',
  /** Kicks in one batch of the relay's retry queue. */
  retryKicks: 'RetryQueueKicks',
  /** Age of the oldest kick in a batch of the retry queue, seconds. */
  retryOldestAge: 'RetryQueueOldestAge',
  /** Requests the rate limiter refused (429). */
  limiterRefusals: 'LimiterRefusals',
} as const;

/**
 * On in Lambda and off elsewhere (the local server, the tests), unless POWERTOOLS_METRICS_DISABLED
 * says otherwise: the local server would print a block of EMF JSON on every request.
 */
export function metricsOn(env: NodeJS.ProcessEnv = process.env): boolean {
  const disabled = env.POWERTOOLS_METRICS_DISABLED?.trim().toLowerCase();
  if (disabled === undefined || disabled === '') return env.AWS_LAMBDA_FUNCTION_NAME !== undefined;
  return !['true', '1', 'yes', 'on'].includes(disabled);
}

let instance: Metrics | undefined;

/**
 * The process's one Metrics, made on first use (when the environment is read): its namespace from
 * POWERTOOLS_METRICS_NAMESPACE, its `service` dimension the function group (requestMetrics.ts).
 */
export function apiMetrics(): Metrics {
  instance ??= new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE,
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'chatbot-api',
    logger,
  });
  return instance;
}

/**
 * One data point with dimensions of its own, written at once (its own EMF line), since the
 * request's metrics share the request's dimensions. Bounded values only: never a key, token or path.
 */
export function recordMetric(
  name: string,
  value: number,
  unit: 'Count' | 'Milliseconds' | 'Seconds',
  dimensions: Record<string, string> = {},
): void {
  if (!metricsOn()) return;
  const single = apiMetrics().singleMetric();
  single.addDimensions(dimensions);
  single.addMetric(name, MetricUnit[unit], value);
}

/** How long `work` takes, recorded as `name` in ms (whether it succeeds or fails). */
export async function timed<T>(name: string, dimensions: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    recordMetric(name, Math.round(performance.now() - started), 'Milliseconds', dimensions);
  }
}
