import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { fitMessage } from '../../shared/discord/message';
import { PayloadError, type Provider, type ProviderOutcome } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery, type FixtureDelivery } from '../fixtures/delivery';
import { fixtureDeliveries } from '../fixtures/deliveries';
import { discordLimitProblems } from '../support/discordLimits';
import { codecOf } from '../support/fixtureCodec';
import {
  describeMutation,
  LEAKS,
  nullingOrRetyping,
  pathsOf,
  withMutation,
  type Mutation,
  type Path,
} from '../support/fieldMutations';

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
const posted = (outcome: Extract<ProviderOutcome, { kind: 'message' }>) =>
  fitMessage({ username: outcome.username, embeds: outcome.embeds });

/**
 * One fixture under test: what it renders unchanged, the words
 * that message itself holds, and the messages checked so far.
 */
interface Subject {
  provider: Provider;
  fixture: FixtureDelivery;
  codec: ReturnType<typeof codecOf>;
  payload: Record<string, unknown>;
  original: Extract<ProviderOutcome, { kind: 'message' }>;
  /** Words the payload itself shows (a commit message saying "null") are not leaks. */
  allowedWords: Set<string>;
  /** The message it makes unchanged, as messageText gives it. */
  originalText: string;
  /** Most mutations touch fields no renderer reads and give the same message: each distinct one is checked once. */
  checked: Map<string, string[]>;
}

/** A message as text, without the time it was made. */
const messageText = (message: ReturnType<typeof posted>) =>
  JSON.stringify({ ...message, embeds: message.embeds?.map(({ timestamp: _, ...embed }) => embed) });

/**
 * What is wrong with the message made of a fixture once mutated (nothing,
 * when it renders as it should), and whether it is the unchanged message.
 */
function trial(subject: Subject, mutation: Mutation): { problems: string[]; same: boolean } {
  return judged(subject, withMutation(subject.payload, mutation, subject.codec.encode), describeMutation(mutation));
}

/**
 * What is wrong with the message a body makes (`where` says how
 * it was changed), and whether it is the unchanged message.
 */
function judged(
  { provider, fixture, original, allowedWords, originalText, checked }: Subject,
  body: string,
  where: string,
): { problems: string[]; same: boolean } {
  const outcome = outcomeOf(provider, fixture, body);
  if (outcome instanceof PayloadError)
    return { problems: outcome.about === 'event' ? [] : [`${where}: refused (${outcome.message})`], same: false };
  // Changing what names the event may make it another event (or one not rendered): not this test's business.
  if (outcome.event !== original.event) return { problems: [], same: false };
  if (outcome.kind !== 'message') return { problems: [`${where}: ignored`], same: false };
  const message = posted(outcome);
  const text = messageText(message);
  let problems = checked.get(text);
  if (!problems) {
    const leaks = [...text.matchAll(LEAKS)].map(([word]) => word).filter((word) => !allowedWords.has(word));
    const holes = outcome.embeds.map((embed) => embed.title ?? '').filter((title) => HOLES.test(title));
    problems = [
      ...discordLimitProblems(message),
      ...leaks.map((word) => `says "${word}"`),
      ...holes.map((title) => `title with a hole: ${title}`),
    ];
    checked.set(text, problems);
  }
  return { problems: problems.map((problem) => `${where}: ${problem}`), same: text === originalText };
}

/**
 * Each field removed, in document order. A field whose removal leaves the message as it was is one
 * no renderer reads: the fields inside it are not tried one by one (they are most of a large
 * payload: URLs, ids, nested repositories). Returns what went wrong and the fields tried, for the
 * null and retyping test.
 */
function sweep(subject: Subject, paths: Path[]): { problems: string[]; tried: Path[] } {
  const problems: string[] = [];
  const tried: Path[] = [];
  let unread: Path | undefined;
  for (const path of paths) {
    // Paths come parents first, so a skipped field's own fields follow it directly.
    if (unread && path.length > unread.length && unread.every((key, i) => path[i] === key)) continue;
    unread = undefined;
    tried.push(path);
    const result = trial(subject, { path, change: 'remove' });
    problems.push(...result.problems);
    if (result.same) unread = path;
  }
  return { problems, tried };
}

/** Names every object inherits, which a lookup of `table[word]` answers with a function. */
const INHERITED = ['constructor', '__proto__', 'toString'];

/** A payload with every text in it replaced by `text`. */
const everyText = (node: unknown, text: string): unknown =>
  typeof node === 'string'
    ? text
    : Array.isArray(node)
      ? node.map((item) => everyText(item, text))
      : node !== null && typeof node === 'object'
        ? Object.fromEntries(Object.entries(node).map(([key, value]) => [key, everyText(value, text)]))
        : node;

/** Every fixture a provider renders (an ignored one, like a ping, has no message to keep). */
const cases = providers.flatMap((provider) =>
  (fixtureDeliveries[provider.name] ?? []).flatMap((fixture, index) => {
    const original = provider.read(toProviderDelivery(fixture));
    return original.kind === 'message'
      ? [
          [
            provider.name,
            `${fixture.event}${fixture.label ? ` (${fixture.label})` : ''} #${index}`,
            provider,
            fixture,
            original,
          ] as const,
        ]
      : [];
  }),
);

/**
 * The tolerant reader: every fixture of a rendered event, with any one field removed,
 * made null or given a value of another type, still renders, within Discord's schema and limits,
 * and says nothing a reader would take for a bug. Only a change to what names the event may
 * change the outcome (another event, or no event named).
 */
describe.each(cases)('%s %s', (_name, _event, provider, fixture, original) => {
  const codec = codecOf(fixture);
  const payload = codec.decode(fixture.body);
  const paths = pathsOf(payload);
  const originalText = messageText(posted(original));
  const subject: Subject = {
    provider,
    fixture,
    codec,
    payload,
    original,
    originalText,
    allowedWords: new Set([...originalText.matchAll(LEAKS)].map(([word]) => word)),
    checked: new Map(),
  };
  let swept: ReturnType<typeof sweep> | undefined;
  const sweepOnce = () => (swept ??= sweep(subject, paths));

  test('renders with any one field removed', () => {
    expect(sweepOnce().problems).toEqual([]);
  });

  // Form fields are all text: one can be absent, never null or of another type.
  if (codec.typed && paths.length)
    test('renders with any one field null or of another type (fast-check)', () => {
      const { tried } = sweepOnce();
      fc.assert(
        fc.property(nullingOrRetyping(payload, tried), (change) => expect(trial(subject, change).problems).toEqual([])),
        { numRuns: Math.min(tried.length, 100) },
      );
    });

  // Word and colour tables are looked up by the payload's own
  // words: a name every object inherits must find nothing there.
  if (codec.typed)
    test('renders with its text all names objects inherit (constructor, __proto__, toString)', () => {
      const problems = INHERITED.flatMap((name) =>
        [undefined, ...Object.keys(payload)].flatMap((key) => {
          const changed =
            key === undefined ? everyText(payload, name) : { ...payload, [key]: everyText(payload[key], name) };
          return judged(
            subject,
            codec.encode(changed as Record<string, unknown>),
            `every text${key === undefined ? '' : ` in ${key}`} "${name}"`,
          ).problems;
        }),
      );
      expect(problems).toEqual([]);
    });
});
