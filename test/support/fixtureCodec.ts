import type { FixtureDelivery } from '../fixtures/delivery';

/**
 * How a fixture's body is read and written back: JSON, JSON in a form field `payload` (Travis CI),
 * or form fields (Heroku's legacy deploy hook), whose values are all text (`typed` false): a field
 * there can be absent but never null or a number.
 */
export function codecOf(fixture: FixtureDelivery): { typed: boolean; decode(body: string): Record<string, unknown>; encode(payload: Record<string, unknown>): string; carry(json: string): string } {
  const form = /^application\/x-www-form-urlencoded/i.test(fixture.headers['Content-Type'] ?? '');
  if (form && new URLSearchParams(fixture.body).has('payload')) {
    const carry = (json: string) => new URLSearchParams({ payload: json }).toString();
    return { typed: true, decode: (body) => JSON.parse(new URLSearchParams(body).get('payload') ?? ''), encode: (payload) => carry(JSON.stringify(payload)), carry };
  }
  return form
    ? { typed: false, decode: (body) => Object.fromEntries(new URLSearchParams(body)), encode: (payload) => new URLSearchParams(payload as Record<string, string>).toString(), carry: (json) => json }
    : { typed: true, decode: (body) => JSON.parse(body), encode: (payload) => JSON.stringify(payload), carry: (json) => json };
}
