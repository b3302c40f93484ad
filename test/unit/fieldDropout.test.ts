import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { fitMessage } from '../../shared/discord/message';
import { PayloadError, type Provider, type ProviderOutcome } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery, type FixtureDelivery } from '../fixtures/delivery';
import { fixtureDeliveries } from '../fixtures/deliveries';
import { discordLimitProblems } from '../support/discordLimits';
import { codecOf } from '../support/fixtureCodec';
import { describeMutation, LEAKS, pathsOf, retyping, withMutation, type Mutation } from '../support/fieldMutations';

/** Marks of a name left out of its frame: empty brackets or parentheses, a "#" without its number. */
const HOLES = /\[\]|\(\)|\[:|:\]|#(?=\s|$|:)/;

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

/** One fixture under test: what it renders unchanged, the words that message itself holds, and the messages checked so far. */
interface Subject {
  provider: Provider;
  fixture: FixtureDelivery;
  payload: Record<string, unknown>;
  original: Extract<ProviderOutcome, { kind: 'message' }>;
  /** Words the payload itself shows (a commit message saying "null") are not leaks. */
  allowedWords: Set<string>;
  /** Most mutations touch fields no renderer reads and give the same message: each distinct one is checked once. */
  checked: Map<string, string[]>;
}

/** What is wrong with the message made of a fixture once mutated: nothing, when it renders as it should. */
function problemsOf({ provider, fixture, payload, original, allowedWords, checked }: Subject, mutation: Mutation): string[] {
  const codec = codecOf(fixture);
  const outcome = outcomeOf(provider, fixture, withMutation(payload, mutation, codec.encode));
  const where = describeMutation(mutation);
  if (outcome instanceof PayloadError) return outcome.about === 'event' ? [] : [`${where}: refused (${outcome.message})`];
  // Changing what names the event may make it another event (or one not rendered): not this test's business.
  if (outcome.event !== original.event) return [];
  if (outcome.kind !== 'message') return [`${where}: ignored`];
  const message = posted(outcome);
  const text = JSON.stringify({ ...message, embeds: message.embeds?.map(({ timestamp: _, ...embed }) => embed) });
  let problems = checked.get(text);
  if (!problems) {
    const leaks = [...text.matchAll(LEAKS)].map(([word]) => word).filter((word) => !allowedWords.has(word));
    const holes = outcome.embeds.map((embed) => embed.title ?? '').filter((title) => HOLES.test(title));
    problems = [...discordLimitProblems(message), ...leaks.map((word) => `says "${word}"`), ...holes.map((title) => `title with a hole: ${title}`)];
    checked.set(text, problems);
  }
  return problems.map((problem) => `${where}: ${problem}`);
}

/** Every fixture a provider renders (an ignored one, like a ping, has no message to keep). */
const cases = providers.flatMap((provider) =>
  (fixtureDeliveries[provider.name] ?? []).flatMap((fixture, index) => {
    const original = provider.read(toProviderDelivery(fixture));
    return original.kind === 'message' ? [[provider.name, `${fixture.event}${fixture.label ? ` (${fixture.label})` : ''} #${index}`, provider, fixture, original] as const] : [];
  }),
);

/**
 * The tolerant reader (issue 32): every fixture of a rendered event, with any one field removed,
 * made null or given a value of another type, still renders, within Discord's schema and limits,
 * and says nothing a reader would take for a bug. Only a change to what names the event may
 * change the outcome (another event, or no event named).
 */
describe.each(cases)('%s %s', (_name, _event, provider, fixture, original) => {
  const codec = codecOf(fixture);
  const payload = codec.decode(fixture.body);
  const paths = pathsOf(payload);
  // Form fields are all text: one can be absent, never null or of another type.
  const changes = codec.typed ? (['remove', 'null'] as const) : (['remove'] as const);
  const subject: Subject = { provider, fixture, payload, original, allowedWords: new Set([...JSON.stringify(posted(original)).matchAll(LEAKS)].map(([word]) => word)), checked: new Map() };

  test('renders with any one field removed or null', () => {
    expect(paths.flatMap((path) => changes.flatMap((change) => problemsOf(subject, { path, change })))).toEqual([]);
  });

  if (codec.typed && paths.length) test('renders with any one field of another type (fast-check)', () => {
    fc.assert(
      fc.property(retyping(payload, paths), (change) => expect(problemsOf(subject, change)).toEqual([])),
      { numRuns: Math.min(paths.length, 100) },
    );
  });
});
