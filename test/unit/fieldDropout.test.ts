import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { fitMessage } from '../../shared/discord/message';
import { PayloadError, type Provider, type ProviderOutcome } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery, type FixtureDelivery } from '../fixtures/delivery';
import { fixtureDeliveries } from '../fixtures/deliveries';
import { discordLimitProblems } from '../support/discordLimits';
import { codecOf } from '../support/fixtureCodec';

/**
 * The tolerant reader (issue 32): every fixture of a rendered event, with any one field removed,
 * made null or given a value of another type, still renders, within Discord's schema and limits,
 * and says nothing a reader would take for a bug. Only a change to what names the event may
 * change the outcome (another event, or no event named).
 */
type Path = (string | number)[];
type Mutation = { path: Path; change: 'remove' | 'null' | 'retype'; value?: unknown };

/** Words that only a missing value printed as text would put in a message. */
const LEAKS = /\b(?:undefined|null|NaN)\b|\[object Object\]/g;
/** Marks of a name left out of its frame: empty brackets or parentheses, a "#" without its number. */
const HOLES = /\[\]|\(\)|\[:|:\]|#(?=\s|$|:)/;

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function pathsOf(node: unknown, at: Path = []): Path[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const path = [...at, Array.isArray(node) ? Number(key) : key];
    return [path, ...pathsOf(value, path)];
  });
}

function mutated(payload: Record<string, unknown>, { path, change, value }: Mutation): Record<string, unknown> {
  const copy = structuredClone(payload);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (change === 'remove') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = change === 'null' ? null : value;
  return copy;
}

/** Values a field may be retyped to: any JSON of another kind, with no text that would itself read as a leak. */
const retypes = (original: unknown) =>
  fc
    .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.string({ maxLength: 12 }), fc.constant({}), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    .filter((value) => kindOf(value) !== kindOf(original) && !JSON.stringify(value).match(LEAKS) && !JSON.stringify(value).includes('[object Object]'));

function outcomeOf(provider: Provider, fixture: FixtureDelivery, body: string): ProviderOutcome | PayloadError {
  try {
    return provider.read({ ...toProviderDelivery(fixture), body });
  } catch (error) {
    if (error instanceof PayloadError) return error;
    throw error;
  }
}

/** The message the relay would post for an outcome, as JSON text. */
const posted = (outcome: Extract<ProviderOutcome, { kind: 'message' }>) => fitMessage({ username: outcome.username, embeds: outcome.embeds });

/** What is wrong with the message made of the fixture once mutated: nothing, when it renders as it should. */
function problemsOf(provider: Provider, fixture: FixtureDelivery, mutation: Mutation, original: Extract<ProviderOutcome, { kind: 'message' }>, allowedWords: Set<string>): string[] {
  const codec = codecOf(fixture);
  const outcome = outcomeOf(provider, fixture, codec.encode(mutated(codec.decode(fixture.body), mutation)));
  const where = `${mutation.change} ${mutation.path.join('.')}${mutation.change === 'retype' ? ` to ${JSON.stringify(mutation.value)}` : ''}`;
  if (outcome instanceof PayloadError) return outcome.about === 'event' ? [] : [`${where}: refused (${outcome.message})`];
  // Changing what names the event may make it another event (or one not rendered): not this test's business.
  if (outcome.event !== original.event) return [];
  if (outcome.kind !== 'message') return [`${where}: ignored`];
  const message = posted(outcome);
  const leaks = [...JSON.stringify(message).matchAll(LEAKS)].map(([word]) => word).filter((word) => !allowedWords.has(word));
  const holes = outcome.embeds.map((embed) => embed.title ?? '').filter((title) => HOLES.test(title));
  return [...discordLimitProblems(message), ...leaks.map((word) => `says "${word}"`), ...holes.map((title) => `title with a hole: ${title}`)].map((problem) => `${where}: ${problem}`);
}

const valueAt = (payload: unknown, path: Path) => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], payload);

/** Every fixture a provider renders (an ignored one, like a ping, has no message to keep). */
const cases = providers.flatMap((provider) =>
  (fixtureDeliveries[provider.name] ?? []).flatMap((fixture, index) => {
    const original = provider.read(toProviderDelivery(fixture));
    return original.kind === 'message' ? [[provider.name, `${fixture.event}${fixture.label ? ` (${fixture.label})` : ''} #${index}`, provider, fixture, original] as const] : [];
  }),
);

describe.each(cases)('%s %s', (_name, _event, provider, fixture, original) => {
  const payload = codecOf(fixture).decode(fixture.body);
  const paths = pathsOf(payload);
  // Words the payload itself shows (a commit message saying "null") are not leaks.
  const allowedWords = new Set([...JSON.stringify(posted(original)).matchAll(LEAKS)].map(([word]) => word));

  test('renders with any one field removed or null', () => {
    expect(paths.flatMap((path) => (['remove', 'null'] as const).flatMap((change) => problemsOf(provider, fixture, { path, change }, original, allowedWords)))).toEqual([]);
  });

  test('renders with any one field of another type (fast-check)', () => {
    if (!paths.length) return;
    const mutation = fc.constantFrom(...paths).chain((path) => retypes(valueAt(payload, path)).map((value) => ({ path, change: 'retype' as const, value })));
    fc.assert(
      fc.property(mutation, (change) => expect(problemsOf(provider, fixture, change, original, allowedWords)).toEqual([])),
      { numRuns: Math.min(3 * paths.length, 600) },
    );
  });
});
