/**
 * The relay's CloudWatch metrics, written as embedded metric format (EMF) in its log lines: the
 * stack's alarm (infra/cdk/monitoring.ts) watches the same names.
 */
export const RELAY_METRICS = {
  namespace: 'ChatbotApi/Relay',
  /** Unknown webhooks not tried while the brake is on. */
  brakeRefusals: 'RelayBrakeRefusals',
  /** Messages Discord refused as invalid (400 Invalid Form Body...): a rendering Discord does not take. */
  invalidMessages: 'RelayInvalidMessages',
} as const;

/** The fields that make one structured log line also one data point of `name` (EMF). */
export const emfCount = (name: string, value = 1) => ({
  _aws: {
    Timestamp: Date.now(),
    CloudWatchMetrics: [
      { Namespace: RELAY_METRICS.namespace, Dimensions: [[]], Metrics: [{ Name: name, Unit: 'Count' }] },
    ],
  },
  [name]: value,
});
