/** The targets for each function's bundle, against the DynamoDB client imported alone in the same run. */
export const COLD_START_TARGETS = {
  /** Bundle bytes of a function that never draws. */
  neverDrawsBytes: 250 * 1024,
  /** Bundle bytes of a drawing function (its fonts and the native renderer ship beside it and do not count). */
  drawsBytes: 600 * 1024,
  /** Import median as a multiple of the baseline's. */
  importRatio: 1.5,
} as const;

/**
 * Bundles allowed more than their kind's target, and why: the webhooks function carries every
 * relay provider's schemas and renderers (about 170 KB), and the docs function the same registry
 * for GET /webhooks and the relay page's provider list.
 */
const OWN_TARGETS: Record<string, number> = { webhooks: 360 * 1024, docs: 660 * 1024 };

/**
 * What every bundle carries for Powertools' Tracer, which operators asked for: the X-Ray SDK and its
 * context tracking, about 133 KB, loaded only in Lambda (shared/observability/tracing.ts).
 */
export const TRACER_ALLOWANCE_BYTES = 140 * 1024;

export const sizeTarget = (bundle: string, draws: boolean): number =>
  TRACER_ALLOWANCE_BYTES +
  (OWN_TARGETS[bundle] ?? (draws ? COLD_START_TARGETS.drawsBytes : COLD_START_TARGETS.neverDrawsBytes));
