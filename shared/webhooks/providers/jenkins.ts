import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, linkOrNothing, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import { statusWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { formatSeconds } from './duration';
import { entryOf } from '../render/entryOf';

/**
 * Jenkins's Notification plugin (JSON): the event is `build.phase`; deliveries carry no id and are
 * unsigned. Only STARTED and FINALIZED (FINISHED in older versions) render, so a build posts twice
 * at most: QUEUED says less than STARTED, COMPLETED what FINALIZED says a moment later.
 */
const build = () =>
  z.object({
    name: z.string(),
    display_name: z.string(),
    build: z.object({
      full_url: z.string(),
      number: z.number(),
      status: z.string(),
      // Milliseconds.
      duration: z.number(),
      scm: z.object({ url: z.string(), branch: z.string(), commit: z.string(), culprits: z.array(z.string()) }),
      test_summary: z.object({ total: z.number(), failed: z.number(), skipped: z.number(), passed: z.number() }),
    }),
  });

const schemas = () => ({ STARTED: build(), FINALIZED: build(), FINISHED: build() });

type EventName = keyof ReturnType<typeof schemas>;
type Payload = TolerantOutput<ReturnType<typeof build>>;

// Jenkins results: SUCCESS, UNSTABLE, FAILURE, NOT_BUILT, ABORTED.
const STATUS_COLORS: Record<string, number> = {
  SUCCESS: COLORS.created,
  UNSTABLE: COLORS.warning,
  FAILURE: COLORS.closed,
  ABORTED: COLORS.neutral,
  NOT_BUILT: COLORS.neutral,
};

/** At most this many culprits are named. */
const MAX_CULPRITS = 10;

function render(p: Payload, phase: 'started' | 'finished'): Embed {
  const build = p.build ?? {};
  const job = p.name || p.display_name;
  const status = phase === 'finished' && build.status ? build.status : undefined;
  const branch = build.scm?.branch?.replace(/^(origin|refs\/heads)\//, '') || undefined;
  const culprits = build.scm?.culprits ?? [];
  const tests = build.test_summary;
  // Without the build's URL (Jenkins knows it only when its root URL is configured), the repository's.
  const url = linkOrNothing(build.full_url) ?? linkOrNothing(build.scm?.url);
  const took = phase === 'finished' && build.duration ? formatSeconds(build.duration / 1000) : undefined;
  return {
    title:
      `${job ? `[${job}] ` : ''}Build${build.number !== undefined ? ` #${build.number}` : ''} ` +
      `${status ? statusWords(status) : phase}${branch ? ` on ${branch}` : ''}`,
    ...(url ? { url } : {}),
    color: phase === 'started' ? COLORS.info : (entryOf(STATUS_COLORS, status ?? '') ?? COLORS.neutral),
    fields: [
      ...(build.scm?.commit ? [{ name: 'Commit', value: inlineCode(build.scm.commit.slice(0, 7)), inline: true }] : []),
      ...(culprits.length
        ? [
            {
              name: 'Changes by',
              value:
                culprits.slice(0, MAX_CULPRITS).map(escapeMarkdown).join(', ') +
                (culprits.length > MAX_CULPRITS ? ` and ${culprits.length - MAX_CULPRITS} more` : ''),
              inline: true,
            },
          ]
        : []),
      ...(took ? [{ name: 'Duration', value: took, inline: true }] : []),
      ...(tests?.total !== undefined
        ? [
            {
              name: 'Tests',
              value: [
                `${tests.total} run`,
                ...(['passed', 'failed', 'skipped'] as const).flatMap((kind) =>
                  tests[kind] !== undefined ? [`${tests[kind]} ${kind}`] : [],
                ),
              ].join(', '),
              inline: true,
            },
          ]
        : []),
    ],
  };
}

const renderers: { [E in EventName]: (p: Payload) => Embed } = {
  STARTED: (p) => render(p, 'started'),
  FINALIZED: (p) => render(p, 'finished'),
  FINISHED: (p) => render(p, 'finished'),
};

export const jenkins: Provider = schemaProvider({
  name: 'jenkins',
  displayName: 'Jenkins',
  description:
    'Builds started and finished, from the Notification plugin (JSON): job, number, result, branch, commit, ' +
    'who changed it, duration and tests.',
  docs: 'https://plugins.jenkins.io/notification/',
  event: fromField('build', 'phase'),
  schemas,
  renderers,
});
