/** Seconds a client is told to wait (Retry-After) when a service behind a request cannot answer. */
export const UNAVAILABLE_RETRY_AFTER = 5;

/** Raised by every store when DynamoDB (or the KMS key behind sealed secrets) cannot answer:
 * throttled, timed out, unreachable. The HTTP layer turns it into a 503 with Retry-After, never a 500. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(operation: string, cause: unknown, service = 'DynamoDB') {
    super(`${service} ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
