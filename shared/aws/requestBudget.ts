import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How long one request may spend waiting on AWS calls (DynamoDB, KMS, ...) in all. A signed-in
 * route reads its session and then counts the request: with a deadline per call only, a stalled
 * store held it twice as long as any one call may take. 2.5 s leaves the answer (a 503) room to
 * reach the caller within 3 s.
 */
export const REQUEST_BUDGET_MS = 2_500;

/**
 * In AWS the authorizer is a Lambda of its own, before the function: it reads the key (one
 * GetItem) or, for a deny, reads it and counts the caller. Its own budget is kept small so the
 * function still has most of the request's left (see functionBudgetMs).
 */
export const AUTHORIZER_BUDGET_MS = 1_000;

/**
 * The least a function is given, however late it starts: a slow cold start must not fail every
 * call at once, and the relay's writes after Discord took a message must have time to land.
 */
export const FUNCTION_BUDGET_FLOOR_MS = 1_000;

/**
 * A function's budget in AWS: what is left of the request's after the time gone since API Gateway
 * received it (`requestTimeEpoch`: the authorizer, a cold start, the gateway), never under the floor.
 * The function cannot see the authorizer's budget (another Lambda), so wall time stands in for it.
 * Without a usable stamp (a direct invoke, a clock ahead of API Gateway's), the whole budget.
 */
export function functionBudgetMs(requestTimeEpoch: unknown, nowEpoch = Date.now()): number {
  if (typeof requestTimeEpoch !== 'number' || !Number.isFinite(requestTimeEpoch)) return REQUEST_BUDGET_MS;
  const gone = Math.max(0, nowEpoch - requestTimeEpoch);
  return Math.min(REQUEST_BUDGET_MS, Math.max(FUNCTION_BUDGET_FLOOR_MS, REQUEST_BUDGET_MS - gone));
}

/**
 * One request's budget: the time its calls have kept it waiting, calls that overlap (the limiter's
 * two counters) counted once. Only waiting on AWS counts: a Discord post or a picture download
 * between two store calls does not cut the call after it (the relay records what Discord answered).
 */
class RequestBudget {
  private spentMs = 0;
  private inFlight = 0;
  private busySince = 0;

  constructor(
    private readonly totalMs: number,
    private readonly now: () => number,
  ) {}

  /** What is left of the budget now, in whole milliseconds (what AbortSignal.timeout takes). */
  remainingMs(): number {
    const current = this.inFlight > 0 ? this.now() - this.busySince : 0;
    return Math.max(0, Math.floor(this.totalMs - this.spentMs - current));
  }

  /** Runs one call, given what is left of the budget, and charges the time it waited. */
  async spend<T>(call: (remainingMs: number) => Promise<T>): Promise<T> {
    const remaining = this.remainingMs();
    if (this.inFlight === 0) this.busySince = this.now();
    this.inFlight += 1;
    try {
      return await call(remaining);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.spentMs += this.now() - this.busySince;
    }
  }
}

const budgets = new AsyncLocalStorage<RequestBudget | undefined>();

/**
 * Whether anything in this process draws on request budgets. Until then none is kept: nothing
 * would read it, and an AsyncLocalStorage once used costs every promise of the process some work
 * (the local server with its embedded store, whose calls are never budgeted, has none at all).
 */
let budgetsDrawnOn = false;

/** Says that calls of this process draw on request budgets (a client given withCallDeadline's budget). */
export function drawOnRequestBudgets(): void {
  budgetsDrawnOn = true;
}

/**
 * Runs one request's part (the gateway's, the authorizer's, a function's) with a budget that all
 * its AWS calls share: the budget already running when there is one (the local server's gateway
 * calls the authorizer and the function in its own process, under the request's one budget), else
 * a new one of `totalMs`.
 */
export function withinRequestBudget<T>(
  run: () => Promise<T>,
  totalMs = REQUEST_BUDGET_MS,
  now: () => number = performance.now.bind(performance),
): Promise<T> {
  return !budgetsDrawnOn || budgets.getStore() ? run() : budgets.run(new RequestBudget(totalMs, now), run);
}

/**
 * Runs `run` outside the request's budget, its calls limited each by its own deadline: for undoing
 * a half-done write (a key slot given back, an API Gateway key deleted), which a budget spent by
 * the slow calls before it must not cut short and leave half done; and for work whose state
 * outlives the request (the local server loading a function group).
 */
export function beyondRequestBudget<T>(run: () => Promise<T>): Promise<T> {
  return budgetsDrawnOn ? budgets.run(undefined, run) : run();
}

/** Runs one AWS call with at most `deadlineMs`, or what is left of the request's budget if that is less. */
export function budgetedCall<T>(deadlineMs: number, call: (timeoutMs: number) => Promise<T>): Promise<T> {
  drawOnRequestBudgets();
  const budget = budgets.getStore();
  return budget ? budget.spend((remainingMs) => call(Math.min(deadlineMs, remainingMs))) : call(deadlineMs);
}
