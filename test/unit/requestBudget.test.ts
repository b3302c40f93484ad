import { expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { withCallDeadline } from '../../shared/aws/callLimits';
import { beyondRequestBudget, withinRequestBudget } from '../../shared/aws/requestBudget';

/** A client whose calls answer after `answerMs`, or fail when their abort signal fires first (a stalled service when never). */
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

test('undoing a write runs beyond the spent budget, each call with its own deadline; outside a request, the deadline alone', async () => {
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
  expect(await withinRequestBudget(async () => [await stalled.send('x').catch(() => 'cut'), await unbudgeted.send('y')], 250)).toEqual(['cut', 'answer']);
});
