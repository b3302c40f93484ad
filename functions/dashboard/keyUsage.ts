import { keyCounting } from '../../shared/access/rateLimiter';
import { quotaLineOf } from '../../shared/access/keySlots';
import { dashboardRoutes } from '../../shared/routes/groups/dashboard';
import { renderUsageChart } from '../../shared/scenes/usageChart';
import type { ApiKeyRecord } from '../../shared/store';
import { ownKey } from './ownKey';
import { signedIn, type DashboardServices } from './services';
import { accountJson } from '../../shared/runtime/signedIn';
import { keyUsage, usageFrom, type KeyUsage, type UsageBucket } from './usage';

/** A key's usage over the 30 days, from the limiter's counts (one query; nothing is written to read it). */
export async function usageOfKey(key: ApiKeyRecord, services: DashboardServices): Promise<KeyUsage> {
  const now = Math.floor(services.now().getTime() / 1000);
  const { principal, tag } = keyCounting(key.id, quotaLineOf(key));
  const { minutes, lastAt } = await services.rateCounters.usage(principal, usageFrom(now), now, tag);
  return keyUsage(minutes, services.rateLimit, now, lastAt);
}

const chart = (title: string, buckets: UsageBucket[]) => renderUsageChart({ title, bars: buckets });

/** GET /dashboard/api/keys/{keyId}/usage: the numbers and their three charts; another account's key is a 404. */
export const dashboardKeyUsage = signedIn(
  dashboardRoutes.dashboardKeyUsage,
  async ({ path }, session, context, services) => {
    const key = await ownKey(path.keyId, session, services);
    const usage = await usageOfKey(key, services);
    const charts = {
      minutes: chart('Requests per minute, last hour', usage.minutes),
      hours: chart('Requests per hour, last 24 hours', usage.hours),
      days: chart('Requests per day, last 30 days', usage.days),
    };
    return accountJson({ keyId: key.id, ...usage, charts }, context.requestId);
  },
);
