import { describe, expect, test } from '@jest/globals';
import { forwards, parseEventFilter, type EventFilter } from '../../shared/webhooks/eventFilter';
import { github } from '../../shared/webhooks/providers/github';
import { stripe } from '../../shared/webhooks/providers/stripe';

const filter = (text: string, provider = github) => {
  const parsed = parseEventFilter(text, provider);
  if (typeof parsed !== 'object') throw new Error(`not a filter: ${parsed}`);
  return parsed as EventFilter;
};

describe("event filters (the relay URL's events parameter)", () => {
  test('no filter forwards everything', () => {
    expect(parseEventFilter(undefined, github)).toBeUndefined();
    expect(forwards(undefined, 'push')).toBe(true);
  });

  test('a list of events forwards those only; event.action narrows to one action', () => {
    const only = filter('push, pull_request.opened');
    expect(only).toEqual({ only: ['push', 'pull_request.opened'], except: [] });
    expect(forwards(only, 'push')).toBe(true);
    expect(forwards(only, 'pull_request', 'opened')).toBe(true);
    expect(forwards(only, 'pull_request', 'labeled')).toBe(false);
    expect(forwards(only, 'issues', 'opened')).toBe(false);
  });

  test('"-" turns events or actions off; with only exclusions everything else passes', () => {
    const quiet = filter('-pull_request.labeled,-pull_request.synchronize,-check_run');
    expect(forwards(quiet, 'pull_request', 'labeled')).toBe(false);
    expect(forwards(quiet, 'pull_request', 'synchronize')).toBe(false);
    expect(forwards(quiet, 'pull_request', 'opened')).toBe(true);
    expect(forwards(quiet, 'check_run', 'created')).toBe(false);
    expect(forwards(quiet, 'push')).toBe(true);
    const mixed = filter('pull_request,-pull_request.labeled');
    expect([
      forwards(mixed, 'pull_request', 'opened'),
      forwards(mixed, 'pull_request', 'labeled'),
      forwards(mixed, 'push'),
    ]).toEqual([true, false, false]);
  });

  test('a prefix takes every event under it (dotted event names: Stripe)', () => {
    const payments = filter('payment_intent.*,-payment_intent.created', stripe);
    expect(forwards(payments, 'payment_intent.succeeded')).toBe(true);
    expect(forwards(payments, 'payment_intent.created')).toBe(false);
    expect(forwards(payments, 'payment_intent_x.succeeded')).toBe(false);
    expect(forwards(payments, 'charge.succeeded')).toBe(false);
  });

  test("a typo is refused with the provider's events, not silently filtering everything", () => {
    expect(parseEventFilter('pul_request', github)).toMatch(
      /^names pul_request, which is not one of GitHub's events \(ping, push, pull_request, /,
    );
    expect(parseEventFilter(' , ', github)).toBe('must name at least one event');
    expect(parseEventFilter('-', github)).toMatch(/not an event name/);
    // An event and one action; more could never match.
    expect(typeof parseEventFilter('issues.opened', github)).toBe('object');
    expect(parseEventFilter('issues.opened.x', github)).toMatch(
      /^names issues\.opened\.x, which is not one of GitHub's events/,
    );
    expect(parseEventFilter(Array.from({ length: 51 }, () => 'push').join(','), github)).toBe(
      'may name at most 50 events',
    );
    // Providers that render every event take any name.
    expect(typeof parseEventFilter('anything.at_all', stripe)).toBe('object');
  });
});
