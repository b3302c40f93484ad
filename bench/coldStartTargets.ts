/** Issue 16's targets for each function's bundle, against the DynamoDB client imported alone in the same run. */
export const COLD_START_TARGETS = {
  /** Bundle bytes of a function that never draws. */
  neverDrawsBytes: 250 * 1024,
  /** Bundle bytes of a drawing function (its fonts and the native renderer ship beside it and do not count). */
  drawsBytes: 600 * 1024,
  /** Import median as a multiple of the baseline's. */
  importRatio: 1.5,
} as const;

export const sizeTarget = (draws: boolean): number => (draws ? COLD_START_TARGETS.drawsBytes : COLD_START_TARGETS.neverDrawsBytes);
