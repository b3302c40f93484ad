/**
 * The limiter's window: the current whole second and the 60 before it. Any 60-second span lies within
 * 61 whole seconds, so holding those to the limit holds every 60-second span to it, at the cost of
 * counting at most one second more than a minute.
 */
export const WINDOW_SECONDS = 61;

/** The first second of the window a request in `second` is counted in. */
export const windowStart = (second: number) => second - (WINDOW_SECONDS - 1);

/**
 * A principal's count as its store holds it: a running total of the requests let through, and for
 * each second that let one through, the total before its first (its mark). What the window holds is
 * the total less the earliest mark inside it, so one comparison per second decides a request.
 */
export interface WindowState {
  total: number;
  /** Second -> the total before that second's first request; any order. */
  marks: Map<number, number>;
}

export interface Standing {
  /** Requests let through in the window. */
  counted: number;
  /** Unix second at which the oldest of them leaves the window (now, when it is empty). */
  reset: number;
  /** Unix second from which one more request would be let through. */
  freeAt: number;
}

/** Where a principal stands in `second`'s window: the numbers behind X-RateLimit-* and Retry-After. */
export function standing(state: WindowState, limit: number, second: number): Standing {
  const marks = [...state.marks].filter(([at]) => at >= windowStart(second) && at <= second).sort(([a], [b]) => a - b);
  const first = marks[0];
  if (!first) return { counted: 0, reset: second, freeAt: second };
  const counted = state.total - first[1];
  // Room comes back when enough of the oldest seconds have left: the first one whose leaving
  // drops the count below the limit.
  let freeAt = second;
  if (counted >= limit) {
    const stays = marks.findIndex(([, before], i) => i > 0 && state.total - before < limit);
    const leaving = marks[stays === -1 ? marks.length - 1 : stays - 1] as [number, number];
    freeAt = leaving[0] + WINDOW_SECONDS;
  }
  return { counted, reset: first[0] + WINDOW_SECONDS, freeAt };
}

/** Whether one more request fits `second`'s window. */
export const admits = (state: WindowState, limit: number, second: number) =>
  standing(state, limit, second).counted < limit;

/** The state after letting one request through in `second` (for stores that hold it in memory). */
export function afterAdmitting(state: WindowState, second: number): WindowState {
  const marks = new Map([...state.marks].filter(([at]) => at >= windowStart(second)));
  if (!marks.has(second)) marks.set(second, state.total);
  return { total: state.total + 1, marks };
}
