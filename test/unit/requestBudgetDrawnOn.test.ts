import { AsyncLocalStorage } from 'node:async_hooks';
import { expect, jest, test } from '@jest/globals';
import { withCallDeadline } from '../../shared/aws/callLimits';
import { beyondRequestBudget, withinRequestBudget } from '../../shared/aws/requestBudget';

/** A service that never answers: its call ends when its abort signal fires. */
class StalledClient {
  send(_command: unknown, options?: { abortSignal?: AbortSignal }): Promise<never> {
    return new Promise((_resolve, reject) =>
      options?.abortSignal?.addEventListener('abort', () => reject(new Error('cut'))),
    );
  }
}

// This file imports nothing that makes a client, so the process starts with nothing drawing on budgets.
test('no budget is kept until a client draws on budgets; from then on, every request has one', async () => {
  const kept = jest.spyOn(AsyncLocalStorage.prototype, 'run');
  expect(await withinRequestBudget(() => beyondRequestBudget(async () => 'answer'))).toBe('answer');
  // AsyncLocalStorage, once used, costs every promise of the process some work: none is kept for nothing.
  expect(kept).not.toHaveBeenCalled();

  const client = withCallDeadline(new StalledClient(), 1_000);
  const started = performance.now();
  await expect(withinRequestBudget(() => client.send('x'), 100)).rejects.toThrow('cut');
  expect(kept).toHaveBeenCalled();
  // Cut by the request's budget, not the call's own deadline.
  expect(performance.now() - started).toBeLessThan(600);
});
