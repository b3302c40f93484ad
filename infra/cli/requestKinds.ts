import type { FunctionGroup } from '../../shared/routes/table';

/**
 * A kind of request priced by `npm run synth`: its function, assumed billed duration (warm, from
 * BENCHMARKS.md's local end-to-end medians, rounded up) and DynamoDB request units (the bench's
 * store calls per request, one unit each: items under 1 KB written, 4 KB read).
 */
export interface RequestKind {
  name: string;
  group: FunctionGroup;
  durationMs: number;
  writes: number;
  reads: number;
  /** Where the figures come from. */
  basis: string;
}

export const REQUEST_KINDS: readonly RequestKind[] = [
  {
    name: 'SVG image (rank card)',
    group: 'rank-card',
    durationMs: 15,
    writes: 2,
    reads: 0,
    basis: "bench rank-card: 13 ms median, 2 store calls (the key's rate-limit counter and its account's)",
  },
  {
    name: 'PNG image (rank card)',
    group: 'rank-card',
    durationMs: 20,
    writes: 2,
    reads: 0,
    basis: 'the SVG figure plus the PNG render (BENCHMARKS.md: 4.5 ms median for a rank card)',
  },
  {
    name: 'bot read',
    group: 'bots',
    durationMs: 20,
    writes: 2,
    reads: 1,
    basis: 'bench bot read: 16 ms median, 3 store calls (the two counters, the bot record)',
  },
  {
    name: 'webhook relay delivery',
    group: 'webhooks',
    durationMs: 200,
    writes: 3,
    reads: 3,
    basis:
      'the post to Discord is awaited (200 ms assumed, as the README sizes the relay); bench: 6 store calls, ' +
      'assumed 3 writes (counter, delivery claim and finish) and 3 reads',
  },
  {
    name: 'docs page',
    group: 'docs',
    durationMs: 10,
    writes: 1,
    reads: 0,
    basis: 'a page built from memory: 10 ms assumed, 1 store call (the per-IP counter)',
  },
  {
    name: 'dashboard page',
    group: 'dashboard',
    durationMs: 10,
    writes: 1,
    reads: 0,
    basis: 'a page built from memory: 10 ms assumed, 1 store call (the per-IP counter)',
  },
];
