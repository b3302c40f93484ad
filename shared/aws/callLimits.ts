import { budgetedCall, drawOnRequestBudgets } from './requestBudget';

/**
 * How long any AWS call on a request's path may take: the SDK's `requestTimeout` alone only logs a
 * warning, so each attempt is cut after a second and the whole call after 2.5 s or the request's
 * budget (requestBudget.ts), whichever ends first, and the caller answers 503 within 3 s.
 */
export const ATTEMPT_LIMITS = { connectionTimeout: 1_000, requestTimeout: 1_000, throwOnRequestTimeout: true } as const;
export const CALL_DEADLINE_MS = 2_500;

/**
 * The local server's embedded DynamoDB runs in the server's own process: a slow answer there means
 * the process is busy (a burst of requests on a loaded machine), not a service gone silent, so
 * its calls get room to finish rather than a 503 (seen: 100 of a 200-request burst on a busy CI
 * machine), and no request budget. A DynamoDB endpoint elsewhere keeps the limits above.
 */
export const EMBEDDED_STORE_LIMITS = {
  connectionTimeout: 5_000,
  requestTimeout: 10_000,
  throwOnRequestTimeout: true,
} as const;
export const EMBEDDED_STORE_DEADLINE_MS = 15_000;

interface Sender {
  send(command: unknown, options?: { abortSignal?: AbortSignal }): Promise<unknown>;
}

/**
 * Gives every call of `client` a deadline (an abort signal), unless the caller passes its own: `deadlineMs`,
 * or less when the request it serves has less left of its budget (unless `budgeted` is false).
 */
export function withCallDeadline<C extends object>(client: C, deadlineMs = CALL_DEADLINE_MS, budgeted = true): C {
  if (budgeted) drawOnRequestBudgets();
  const inherited = Object.getPrototypeOf(client) as Sender;
  const send = (command: unknown, options: { abortSignal?: AbortSignal } | undefined, timeoutMs: number) =>
    // The class's send is looked up at each call, so a test double installed on the class later still answers.
    inherited.send.call(client, command, { abortSignal: AbortSignal.timeout(timeoutMs), ...options });
  (client as unknown as Sender).send = (command, options) =>
    budgeted
      ? budgetedCall(deadlineMs, (timeoutMs) => send(command, options, timeoutMs))
      : send(command, options, deadlineMs);
  return client;
}
