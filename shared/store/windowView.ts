import { windowStart, type WindowState } from './slidingWindow';

/**
 * What one process last saw of an item's window: its marks (a mark never changes once made), and
 * the second it last saw the whole item.
 */
export interface WindowView {
  marks: Map<number, number>;
  seenAt: number;
}

/**
 * How far one instance's clock may run ahead of another's, in seconds: marks that close to a view
 * may have been made since, and marks that far outside a window are the only ones removed.
 */
export const CLOCK_GRACE = 2;

export const viewOf = (state: WindowState, seenAt: number): WindowView => ({ marks: new Map(state.marks), seenAt });

export interface Check {
  /** The seconds whose marks the condition checks. */
  seconds: number[];
  /** The view already holds the mark that binds: the write need not return the whole item. */
  bindingKnown: boolean;
}

/**
 * The seconds whose marks a request in `second` must check. The earliest mark in the window binds
 * (marks grow with their seconds), so seconds the view saw whole need only its earliest mark there;
 * seconds from shortly before the view on may have gained marks since, and are all checked up to the
 * first mark known among them. Without a view, the whole window.
 */
export function secondsToCheck(view: WindowView | undefined, second: number): Check {
  const from = windowStart(second);
  // Never past `second` itself, whatever a view from a clock ahead says.
  const unseenFrom = view ? Math.min(second, Math.max(from, view.seenAt - CLOCK_GRACE)) : from;
  const known = [...(view?.marks.keys() ?? [])].filter((at) => at >= from && at <= second);
  const earliest = known.length ? Math.min(...known) : undefined;
  if (earliest !== undefined && earliest < unseenFrom) return { seconds: [earliest], bindingKnown: true };
  const to = earliest ?? second;
  return { seconds: Array.from({ length: to - unseenFrom + 1 }, (_, i) => unseenFrom + i), bindingKnown: false };
}

/** Marks a view holds that no window can reach any more: removed by the next write. */
export const outsideEvery = (view: WindowView | undefined, second: number): number[] =>
  [...(view?.marks.keys() ?? [])].filter((at) => at < windowStart(second) - CLOCK_GRACE);
