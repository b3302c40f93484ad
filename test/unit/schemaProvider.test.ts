import { describe, expect, jest, test } from '@jest/globals';
import * as z from 'zod/mini';
import { fromHeader, schemaProvider } from '../../shared/webhooks/provider';

/** What every test provider here shares: its event in a header. */
const COMMON = { description: 'A test provider.', docs: 'https://example.com/docs', event: fromHeader('X-Event') };

/** A provider whose schema builders count how often they run. */
function countingProvider() {
  const built = { events: 0, other: 0 };
  const provider = schemaProvider({
    ...COMMON,
    name: 'counting',
    displayName: 'Counting',
    schemas: () => {
      built.events += 1;
      return { ping: z.object({ zen: z.string() }) };
    },
    renderers: { ping: (p) => ({ title: p.zen }) },
    everyOtherEvent: {
      schema: () => {
        built.other += 1;
        return z.object({ id: z.string() });
      },
      render: (p: { id: string }, event) => ({ title: `${event} ${p.id}` }),
    },
  });
  return { provider, built };
}

const delivery = (event: string, body: unknown) => ({ headers: { 'x-event': event }, body: JSON.stringify(body) });

describe('schemaProvider builds its schemas at the first delivery that needs them', () => {
  test('making the provider and listing its events builds no schema (cold start cost)', () => {
    const { provider, built } = countingProvider();
    expect(provider.events).toEqual(['ping', '*']);
    expect(built).toEqual({ events: 0, other: 0 });
  });

  test('each kind of schema is built once, when a delivery first needs it, and kept', () => {
    const { provider, built } = countingProvider();
    expect(provider.read(delivery('ping', { zen: 'hi' }))).toMatchObject({
      kind: 'message',
      embeds: [{ title: 'hi' }],
    });
    expect(provider.read(delivery('ping', { zen: 'again' }))).toMatchObject({ embeds: [{ title: 'again' }] });
    expect(built).toEqual({ events: 1, other: 0 });
    expect(provider.read(delivery('deploy', { id: '7' }))).toMatchObject({ embeds: [{ title: 'deploy 7' }] });
    // Read tolerantly: a number where text was expected is written out; an object is read as absent.
    expect(provider.read(delivery('ping', { zen: 1 }))).toMatchObject({ embeds: [{ title: '1' }] });
    expect(provider.read(delivery('ping', { zen: {} })).kind).toBe('message');
    expect(built).toEqual({ events: 1, other: 1 });
  });

  test('a renderer without a schema (only a cast makes one) is a plain error, not a zod crash', () => {
    const provider = schemaProvider({
      ...COMMON,
      name: 'broken',
      displayName: 'Broken',
      schemas: () => ({}),
      renderers: { ping: () => ({ title: 'ping' }) } as unknown as Record<string, never>,
    });
    expect(() => provider.read(delivery('ping', {}))).toThrow('Broken renders ping but has no schema for it');
  });
});

describe('importing the providers builds no zod schema', () => {
  // A module namespace cannot be spied on, so zod/mini is mocked for the modules imported next:
  // each lower-case function counts the schemas it returns. Only this test imports the providers
  // index, so every provider module loads here fresh with the counting zod; provider.ts, imported
  // above, keeps the real one.
  test('no provider module constructs a schema at import; the first delivery read does', async () => {
    const actual = await import('zod/mini');
    let built = 0;
    const isSchema = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value;
    const counting = Object.fromEntries(
      Object.entries(actual).map(([name, value]) => [
        name,
        typeof value === 'function' && /^[a-z]/.test(name)
          ? (...args: unknown[]) => {
              const result = (value as (...a: unknown[]) => unknown)(...args);
              if (isSchema(result)) built += 1;
              return result;
            }
          : value,
      ]),
    );
    jest.unstable_mockModule('zod/mini', () => counting);

    const { providerNamed, providers } = await import('../../shared/webhooks/providers/index');
    expect(providers.length).toBeGreaterThan(30);
    expect(built).toBe(0);

    // The counter sees the providers' zod: GitHub's first delivery builds its schemas through it.
    const github = providerNamed('github');
    expect(
      github?.read({
        headers: { 'x-github-event': 'ping' },
        body: JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 }),
      }),
    ).toMatchObject({ kind: 'message' });
    expect(built).toBeGreaterThan(0);
  });
});
