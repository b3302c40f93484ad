import { githubDelivery, githubPayloads } from '../fixtures/github/payloads';
import type { FakeDiscord } from './fakeDiscord';

/** The retry queue's suites: numbered deliveries, and the numbers Discord was sent, in order. */
export const issue = (n: number) => {
  const payload = githubPayloads.issues as { issue: Record<string, unknown> };
  return githubDelivery('issues', `queue-${n}-${Math.random()}`, {
    ...payload,
    issue: { ...payload.issue, title: `message ${n}` },
  });
};
export const titles = (discord: FakeDiscord) =>
  discord.posted().map((request) => /message \d+/.exec(request.body?.embeds?.[0]?.title ?? '')?.[0]);
export const waitFor = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
};
let hook = 700000000000000000n + BigInt(Date.now() % 1_000_000) * 1000n;
export const hookId = () => String(++hook);
