import { lazyLoad } from '../../shared/loading/lazyLoad';

describe('lazyLoad', () => {
  test('loads on the first call only; callers at the same time share that load', async () => {
    let loads = 0;
    const load = lazyLoad(async () => ++loads);
    expect(loads).toBe(0);
    expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  test('a failed load is forgotten: the callers waiting on it see the failure, the next call loads again', async () => {
    const outcomes = [new Error('throttled'), new Error('throttled again'), 'client'];
    let loads = 0;
    const load = lazyLoad(async () => {
      const outcome = outcomes[loads++];
      if (outcome instanceof Error) throw outcome;
      return outcome;
    });
    const [first, second] = [load(), load()];
    await expect(first).rejects.toThrow('throttled');
    await expect(second).rejects.toThrow('throttled');
    await expect(load()).rejects.toThrow('throttled again');
    expect(await load()).toBe('client');
    expect(await load()).toBe('client');
    expect(loads).toBe(3);
  });

  test('a load that throws before returning a promise is a rejection, forgotten the same way', async () => {
    let calls = 0;
    const load = lazyLoad((): Promise<string> => {
      calls += 1;
      if (calls === 1) throw new Error('module not found');
      return Promise.resolve('module');
    });
    await expect(load()).rejects.toThrow('module not found');
    expect(await load()).toBe('module');
  });
});
