/** One request as a limiter decided it: when it arrived (ms) and whether it was let through. */
export interface Arrival {
  atMs: number;
  allowed: boolean;
}

/**
 * Checks the limiter's promise on a run of decisions: no 60-second span holds more than `limit`
 * requests let through; and none was refused while its 61 whole seconds held fewer than `limit`
 * (so the window never counts more than it says).
 */
export function expectWindowKept(limit: number, arrivals: Arrival[]): void {
  const allowed = arrivals.filter((a) => a.allowed).map((a) => a.atMs);
  allowed.sort((a, b) => a - b);
  let from = 0;
  for (let to = 0; to < allowed.length; to += 1) {
    while ((allowed[to] as number) - (allowed[from] as number) >= 60_000) from += 1;
    if (to - from + 1 > limit)
      throw new Error(`${to - from + 1} let through within 60 s from ${allowed[from]} ms (limit ${limit})`);
  }
  for (const refused of arrivals.filter((a) => !a.allowed)) {
    const second = Math.floor(refused.atMs / 1000);
    const counted = allowed.filter((at) => at <= refused.atMs && Math.floor(at / 1000) >= second - 60).length;
    if (counted < limit) throw new Error(`refused at ${refused.atMs} ms with ${counted} counted (limit ${limit})`);
  }
}
