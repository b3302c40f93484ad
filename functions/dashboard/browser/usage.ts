import { USAGE_SPANS, type UsageSpan } from '../usageSpans';
import { $ } from './kit';

/** One span of a key's usage as the dashboard API answers it (functions/dashboard/usage.ts). */
interface Bucket {
  start: string;
  allowed: number;
  refused: number;
}

export type Usage = Record<UsageSpan, Bucket[]> & { charts: Record<UsageSpan, string> };

/** A span's start as the page names it, in UTC like the counts: 14:37, 14:00, 2026-11-27. */
const named = (span: UsageSpan, start: string) => (span === 'days' ? start.slice(0, 10) : start.slice(11, 16));

const total = (bucket: Bucket) => bucket.allowed + bucket.refused;
const requests = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`;

/** What a chart shows, in words: its totals and its busiest span (the latest of equals). */
function summary(span: UsageSpan, buckets: Bucket[], unit: string, period: string, everUsed: boolean): string {
  const busiest = buckets.reduce<Bucket | undefined>(
    (best, bucket) => (best && total(best) > total(bucket) ? best : bucket),
    undefined,
  );
  if (!busiest || total(busiest) === 0) return everUsed ? `No requests in ${period}.` : 'No requests yet.';
  const allowed = buckets.reduce((sum, bucket) => sum + bucket.allowed, 0);
  const refused = buckets.reduce((sum, bucket) => sum + bucket.refused, 0);
  return (
    `${requests(allowed + refused)}: ${allowed} let through, ${refused} refused (429). ` +
    `Busiest ${unit}: ${named(span, busiest.start)} UTC, ${requests(total(busiest))}.`
  );
}

/** The table of the spans with requests: the chart's numbers, for anyone who cannot see its bars. */
function fillTable(span: UsageSpan, buckets: Bucket[]): void {
  const body = $<HTMLTableElement>(`table-${span}`).tBodies[0] as HTMLTableSectionElement;
  body.replaceChildren();
  for (const bucket of buckets.filter((bucket) => total(bucket) > 0)) {
    const row = body.insertRow();
    row.insertCell().textContent = named(span, bucket.start);
    row.insertCell().textContent = String(bucket.allowed);
    row.insertCell().textContent = String(bucket.refused);
  }
  $(`counts-${span}`).hidden = body.rows.length === 0;
}

/** The usage section's three charts, their words and their tables, for one key's usage. */
export function showCharts(usage: Usage): void {
  const everUsed = usage.days.some((bucket) => total(bucket) > 0);
  for (const { span, unit, period } of USAGE_SPANS) {
    const buckets = usage[span];
    $(`summary-${span}`).textContent = summary(span, buckets, unit, period, everUsed);
    $<HTMLImageElement>(`chart-${span}`).src =
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(usage.charts[span])}`;
    $(`from-${span}`).textContent = buckets[0] ? named(span, buckets[0].start) : '';
    $(`to-${span}`).textContent = buckets.length ? named(span, (buckets[buckets.length - 1] as Bucket).start) : '';
    fillTable(span, buckets);
  }
}
