import type { APIGatewayAuthorizerResult } from 'aws-lambda';

/**
 * API Gateway's authorizer result cache, keyed by the Authorization header for AUTHORIZER_CACHE_TTL
 * seconds. Only allows are kept: a deny carries the caller's per-IP rate-limit count, which must stay
 * exact. The usage-plan check still refuses a key revoked meanwhile (docs/design.md).
 */
export class AuthorizerCache {
  /** Bounded, so a client sending many spellings of a valid header cannot grow it without end. */
  static readonly MAX_ENTRIES = 10_000;
  private readonly entries = new Map<string, { result: APIGatewayAuthorizerResult; expires: number }>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(identity: string): APIGatewayAuthorizerResult | undefined {
    const entry = this.entries.get(identity);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.result;
    this.entries.delete(identity);
    return undefined;
  }

  forget(identity: string): void {
    this.entries.delete(identity);
  }

  set(identity: string, result: APIGatewayAuthorizerResult): void {
    if (this.ttlSeconds <= 0 || !result.policyDocument.Statement.some((s) => s.Effect === 'Allow')) return;
    if (this.entries.size >= AuthorizerCache.MAX_ENTRIES) {
      for (const [key, entry] of this.entries) if (entry.expires <= this.now()) this.entries.delete(key);
      // Still full: drop the oldest entry (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (this.entries.size >= AuthorizerCache.MAX_ENTRIES && !oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(identity, { result, expires: this.now() + this.ttlSeconds * 1000 });
  }
}

/** IAM-style evaluation of the returned policy for one method ARN: an explicit Deny wins. */
export function allows(result: APIGatewayAuthorizerResult, methodArn: string): boolean {
  const statements = result.policyDocument.Statement.map((s) => s as { Effect: string; Resource?: string | string[] });
  const matching = statements.filter((s) =>
    [s.Resource ?? []].flat().some((resource) => arnMatches(resource, methodArn)),
  );
  return matching.some((s) => s.Effect === 'Allow') && !matching.some((s) => s.Effect === 'Deny');
}

function arnMatches(pattern: string, arn: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(arn);
}
