import { expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { withCallDeadline } from '../../shared/aws/callLimits';
import {
  AUTHORIZER_BUDGET_MS,
  beyondRequestBudget,
  FUNCTION_BUDGET_FLOOR_MS,
  functionBudgetMs,
  REQUEST_BUDGET_MS,
  withinRequestBudget,
} from '../../shared/aws/requestBudget';
import { svgResponse } from '../../shared/http/responses';
import { routes, type Routes } from '../../shared/routes/table';
import type { RouteHandler } from '../../shared/runtime/groupKit';
import { allServices, lambdaContext, memoryLimiter, proxyEvent, wrapRoute, type AllServices } from './fixtures';

/**
 * A client whose calls answer after `answerMs`, or fail when
 * their abort signal fires first (a stalled service when never).
 */
class SlowClient {
  constructor(private readonly answerMs = Infinity) {}
  send(_command: unknown, options?: { abortSignal?: AbortSignal }): Promise<string> {
    return new Promise((resolve, reject) => {
      const answer = Number.isFinite(this.answerMs) ? setTimeout(() => resolve('answer'), this.answerMs) : undefined;
      options?.abortSignal?.addEventListener('abort', () => {
        clearTimeout(answer);
        reject(new Error('aborted'));
      });
    });
  }
}

const DEADLINE_MS = 300;
const BUDGET_MS = 400;

/** How long `run` took, and whether it failed. */
async function timed(run: () => Promise<unknown>): Promise<{ ms: number; failed: boolean }> {
  const started = performance.now();
  const failed = await run().then(
    () => false,
    () => true,
  );
  return { ms: performance.now() - started, failed };
}

test('calls in turn share the request budget: a second stalled call gets what the first left', async () => {
  const stalled = withCallDeadline(new SlowClient(), DEADLINE_MS);
  const outcome = await timed(() =>
    withinRequestBudget(async () => {
      await stalled.send('first').catch(() => undefined);
      await stalled.send('second');
    }, BUDGET_MS),
  );
  expect(outcome.failed).toBe(true);
  // Each call alone may take 300 ms: two in turn would take 600 ms without the budget.
  expect(outcome.ms).toBeGreaterThanOrEqual(BUDGET_MS - 20);
  expect(outcome.ms).toBeLessThan(BUDGET_MS + 150);
});

test('calls at once are charged once, and waiting on anything else is not charged at all', async () => {
  const slow = withCallDeadline(new SlowClient(150), DEADLINE_MS);
  const answers = await withinRequestBudget(async () => {
    const both = await Promise.all([slow.send('a'), slow.send('b')]);
    // A Discord post or a picture download between two calls: the call after it keeps its time.
    await sleep(BUDGET_MS);
    return [...both, await slow.send('c')];
  }, BUDGET_MS);
  expect(answers).toEqual(['answer', 'answer', 'answer']);
});

test('undoing a write outlives the budget, each call with its own deadline; outside, the deadline', async () => {
  const slow = withCallDeadline(new SlowClient(200), DEADLINE_MS);
  const stalled = withCallDeadline(new SlowClient(), DEADLINE_MS);
  const undone = await withinRequestBudget(async () => {
    await stalled.send('spends the budget').catch(() => undefined);
    await expect(slow.send('cut')).rejects.toThrow('aborted');
    return beyondRequestBudget(() => slow.send('undo'));
  }, BUDGET_MS);
  expect(undone).toBe('answer');
  expect(await slow.send('no request')).toBe('answer');
  // The client is not held to a budget when told so (the local server's own embedded store).
  const unbudgeted = withCallDeadline(new SlowClient(200), DEADLINE_MS, false);
  expect(
    await withinRequestBudget(
      async () => [await stalled.send('x').catch(() => 'cut'), await unbudgeted.send('y')],
      250,
    ),
  ).toEqual(['cut', 'answer']);
});

test("a function's budget in AWS: the request's time left since API Gateway, never under the floor", () => {
  const arrived = 1_800_000_000_000;
  // The authorizer's result cached, the function warm: nearly the whole budget.
  expect(functionBudgetMs(arrived, arrived + 40)).toBe(REQUEST_BUDGET_MS - 40);
  // The authorizer spent its own budget (1 s) on a slow store:
  // the function gets the rest, the request ends within 2.5 s.
  expect(functionBudgetMs(arrived, arrived + AUTHORIZER_BUDGET_MS + 50)).toBe(
    REQUEST_BUDGET_MS - AUTHORIZER_BUDGET_MS - 50,
  );
  // A slow cold start on top: the floor, so the function's calls
  // (the relay's writes after Discord) still get their time.
  expect(functionBudgetMs(arrived, arrived + 2_400)).toBe(FUNCTION_BUDGET_FLOOR_MS);
  expect(functionBudgetMs(arrived, arrived + 60_000)).toBe(FUNCTION_BUDGET_FLOOR_MS);
  // A Lambda clock behind API Gateway's, or no stamp at all (a direct invoke): the whole budget, never more.
  expect(functionBudgetMs(arrived, arrived - 300)).toBe(REQUEST_BUDGET_MS);
  expect(functionBudgetMs(undefined, arrived)).toBe(REQUEST_BUDGET_MS);
  expect(functionBudgetMs('1800000000000', arrived)).toBe(REQUEST_BUDGET_MS);
});

test('a part of a request started under a running budget (authorizer, function) spends that one', async () => {
  const stalled = withCallDeadline(new SlowClient(), DEADLINE_MS);
  const slow = withCallDeadline(new SlowClient(100), DEADLINE_MS);
  const outcome = await timed(() =>
    withinRequestBudget(async () => {
      // The key check spends 300 ms of the request's 400 ms...
      await stalled.send('key check').catch(() => undefined);
      // ...and a function that would start a budget of its own 1 s is cut at the 100 ms left.
      await withinRequestBudget(async () => {
        await slow.send('count').catch(() => undefined);
        await stalled.send('read');
      }, 1_000);
    }, BUDGET_MS),
  );
  expect(outcome.failed).toBe(true);
  expect(outcome.ms).toBeGreaterThanOrEqual(BUDGET_MS - 20);
  expect(outcome.ms).toBeLessThan(BUDGET_MS + 150);
});

test("a function in AWS starts with its request's time left, from API Gateway's requestTimeEpoch", async () => {
  // A call that may take 2 s alone, in a rank-card function; the time it was given is what the budget left it.
  const stalled = withCallDeadline(new SlowClient(), 2_000);
  let waitedMs = 0;
  const handler: RouteHandler<Routes['rankCard'], AllServices> = async () => {
    const started = performance.now();
    await stalled.send('read').catch(() => undefined);
    waitedMs = performance.now() - started;
    return svgResponse('<svg xmlns="http://www.w3.org/2000/svg"/>');
  };
  const waitedFor = async (goneMs: number) => {
    const event = proxyEvent();
    event.requestContext.requestTimeEpoch = Date.now() - goneMs;
    await wrapRoute(routes.rankCard, handler, allServices(memoryLimiter().limiter))(event, lambdaContext());
    return waitedMs;
  };
  // The middleware chain runs before the call starts: on a loaded machine that takes tens of ms.
  const chainMs = 100;
  // 1.2 s gone (an authorizer on a slow store, say): 1.3 s left.
  expect(await waitedFor(1_200)).toBeGreaterThanOrEqual(REQUEST_BUDGET_MS - 1_200 - chainMs);
  expect(waitedMs).toBeLessThan(REQUEST_BUDGET_MS - 1_200 + 150);
  // 2 s gone (a slow cold start on top): the floor, not the 0.5 s left.
  expect(await waitedFor(2_000)).toBeGreaterThanOrEqual(FUNCTION_BUDGET_FLOOR_MS - chainMs);
  expect(waitedMs).toBeLessThan(FUNCTION_BUDGET_FLOOR_MS + 150);
});
