import { COLORS } from '../provider';
import { entryOf } from './entryOf';

/** An event's machine name as words: "payment_intent.payment_failed" -> "Payment intent payment failed". */
export function eventWords(name: string): string {
  const words = name
    .replace(/[._:/-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : name;
}

/** Outcome words providers end their event and status names with, and the colour each reads as. */
const OUTCOMES: [RegExp, number][] = [
  [/(fail|error|declin|denied|reject|dispute|fraud|down|overdue|uncollectible|broken)/, COLORS.closed],
  [/(cancel|delet|expir|void|refund|revok|remov|archiv|paus)/, COLORS.neutral],
  [/(warn|block|pending|requires|action_required|past_due)/, COLORS.warning],
  [/(succe|paid|complet|pass|resolv|captur|fulfill|up\b|active|creat|added|open)/, COLORS.created],
];

/** The colour of an outcome named in words (an event's last part, a status): good, bad, neutral or informative. */
export function outcomeColor(...names: (string | null | undefined)[]): number {
  for (const name of names) {
    const lower = (name ?? '').toLowerCase();
    for (const [pattern, color] of OUTCOMES) if (pattern.test(lower)) return color;
  }
  return COLORS.info;
}

/** Build and job statuses CI providers send, and the words a title ends with for each. */
const STATUS_WORDS: Record<string, string> = {
  success: 'succeeded',
  successful: 'succeeded',
  succeeded: 'succeeded',
  passed: 'passed',
  fixed: 'fixed',
  failure: 'failed',
  failed: 'failed',
  broken: 'broken',
  error: 'errored',
  errored: 'errored',
  canceled: 'canceled',
  cancelled: 'canceled',
  aborted: 'aborted',
  timedout: 'timed out',
  timed_out: 'timed out',
  unauthorized: 'not authorized',
};

/**
 * A CI status in words: "success" -> "succeeded", "FAILURE" -> "failed",
 * "NOT_BUILT" -> "not built", "sentToBuilder" -> "sent to builder".
 */
export function statusWords(status: string): string {
  return entryOf(STATUS_WORDS, status.trim().toLowerCase()) ?? eventWords(status).toLowerCase();
}
