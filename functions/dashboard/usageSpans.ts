/**
 * The three charts of a key's usage, as the usage section (usageSection.ts) lays them out and its
 * script (browser/usage.ts) fills them in: the spans the API counts by, each with its caption and
 * the name of one span.
 */
export const USAGE_SPANS = [
  { span: 'minutes', caption: 'Per minute, last hour', unit: 'minute', period: 'the last hour' },
  { span: 'hours', caption: 'Per hour, last 24 hours', unit: 'hour', period: 'the last 24 hours' },
  { span: 'days', caption: 'Per day, last 30 days', unit: 'day', period: 'the last 30 days' },
] as const;

export type UsageSpan = (typeof USAGE_SPANS)[number]['span'];
