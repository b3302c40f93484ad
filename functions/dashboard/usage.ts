import type { MinuteCount } from '../../shared/store/rateCounters';

/** One span of a key's usage: requests let through, and requests refused over the quota (429). */
export interface UsageBucket {
  /** ISO time the span starts. */
  start: string;
  allowed: number;
  refused: number;
}

export interface KeyUsage {
  /** The quota the counts were held to (requests per minute). */
  limitPerMinute: number;
  /**
   * The last hour, per minute; the last 24 hours, per hour; the last
   * 30 days (UTC), per day; oldest first, the current span last.
   */
  minutes: UsageBucket[];
  hours: UsageBucket[];
  days: UsageBucket[];
  /** Requests counted today (UTC), allowed and refused. */
  today: { allowed: number; refused: number };
  /**
   * When the key was last used within the 30 days, to the second (the start of that minute for hits
   * counted before the second was recorded); absent if unused.
   */
  lastUsedAt?: string;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** How far back usage reaches: the 30 days of the chart. */
export const USAGE_DAYS = 30;
export const usageFrom = (nowSeconds: number) => nowSeconds - (nowSeconds % DAY) - (USAGE_DAYS - 1) * DAY;

/**
 * A key's usage from the limiter's counts per minute. A minute never lets more than the quota
 * through; counts kept before refusals had their own (every hit in one count) split the same way.
 */
export function keyUsage(
  counts: Map<number, MinuteCount>,
  limitPerMinute: number,
  nowSeconds: number,
  lastAt?: number,
): KeyUsage {
  const buckets = (size: number, count: number): UsageBucket[] => {
    const first = nowSeconds - (nowSeconds % size) - (count - 1) * size;
    const spans = Array.from({ length: count }, (_, i) => ({
      start: new Date((first + i * size) * 1000).toISOString(),
      allowed: 0,
      refused: 0,
    }));
    for (const [minute, { counted, refused }] of counts) {
      const span = spans[Math.floor((minute - first) / size)];
      if (!span || minute < first) continue;
      span.allowed += Math.min(counted, limitPerMinute);
      span.refused += refused + Math.max(0, counted - limitPerMinute);
    }
    return spans;
  };
  const days = buckets(DAY, USAGE_DAYS);
  const used = [...counts].filter(([, { counted, refused }]) => counted + refused > 0).map(([minute]) => minute);
  const { allowed, refused } = days[days.length - 1] as UsageBucket;
  // The recorded second, when it falls in the last minute counted (a count's own time, not an older one).
  const lastMinute = used.length ? Math.max(...used) : undefined;
  const lastUsed =
    lastMinute === undefined ? undefined : lastAt !== undefined && lastAt >= lastMinute ? lastAt : lastMinute;
  return {
    limitPerMinute,
    minutes: buckets(MINUTE, 60),
    hours: buckets(HOUR, 24),
    days,
    today: { allowed, refused },
    ...(lastUsed === undefined ? {} : { lastUsedAt: new Date(lastUsed * 1000).toISOString() }),
  };
}
