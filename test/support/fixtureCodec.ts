import type { FixtureDelivery } from '../fixtures/delivery';

/**
 * How a fixture's body is read and written back: JSON, JSON in a form field `payload` (Travis CI),
 * or form fields (Heroku's legacy deploy hook), whose values are all text (`typed` false): a field
 * there can be absent but never null or a number.
 */
export function codecOf(fixture: FixtureDelivery): {
  typed: boolean;
  decode(body: string): Record<string, unknown>;
  encode(payload: Record<string, unknown>): string;
  carry(json: string): string;
} {
  const form = /^application\/x-www-form-urlencoded/i.test(fixture.headers['Content-Type'] ?? '');
  if (form && new URLSearchParams(fixture.body).has('payload')) {
    const carry = (json: string) => new URLSearchParams({ payload: json }).toString();
    return {
      typed: true,
      decode: (body) => JSON.parse(new URLSearchParams(body).get('payload') ?? ''),
      encode: (payload) => carry(JSON.stringify(payload)),
      carry,
    };
  }
  return form
    ? {
        typed: false,
        decode: (body) => Object.fromEntries(new URLSearchParams(body)),
        encode: formFields,
        carry: (json) => json,
      }
    : {
        typed: true,
        decode: (body) => JSON.parse(body),
        encode: (payload) => JSON.stringify(payload),
        carry: (json) => json,
      };
}

/**
 * Form fields carry only text: a field made null or an object or list cannot be
 * sent, so it is left out (as removed); numbers and booleans are written out.
 */
const formFields = (payload: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(payload).flatMap(([name, value]) =>
      ['string', 'number', 'boolean'].includes(typeof value) ? [[name, String(value)] as [string, string]] : [],
    ),
  ).toString();
