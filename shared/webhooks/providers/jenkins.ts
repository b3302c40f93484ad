import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';

/**
 * Jenkins with the Notification plugin (JSON format): the event is the build's phase
 * (`build.phase`: QUEUED, STARTED, COMPLETED, FINALIZED); deliveries carry no id and are not
 * signed (the plugin documents no secret). Only FINALIZED, the phase that carries the result,
 * is rendered: the others are ignored, so each build posts once.
 */
const schemas = () => ({
  FINALIZED: z.object({
    name: z.string(),
    build: z.object({
      full_url: z.nullish(z.string()),
      number: z.number(),
      status: z.nullish(z.string()),
      scm: z.nullish(z.object({ branch: z.nullish(z.string()), commit: z.nullish(z.string()), culprits: z.nullish(z.array(z.string())) })),
    }),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

// Jenkins results: SUCCESS, UNSTABLE, FAILURE, NOT_BUILT, ABORTED.
const STATUS_COLORS: Record<string, number> = { SUCCESS: COLORS.created, UNSTABLE: COLORS.warning, FAILURE: COLORS.closed, ABORTED: COLORS.neutral, NOT_BUILT: COLORS.neutral };

/** At most this many culprits are named. */
const MAX_CULPRITS = 10;

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  FINALIZED: (p) => {
    const { build } = p;
    const status = build.status || 'FINISHED';
    const branch = build.scm?.branch?.replace(/^(origin|refs\/heads)\//, '') || undefined;
    const culprits = build.scm?.culprits ?? [];
    return {
      title: `[${p.name}] Build #${build.number} ${status.toLowerCase().replace(/_/g, ' ')}${branch ? ` on ${branch}` : ''}`,
      ...(build.full_url ? { url: build.full_url } : {}),
      color: STATUS_COLORS[status] ?? COLORS.neutral,
      fields: [
        ...(build.scm?.commit ? [{ name: 'Commit', value: inlineCode(build.scm.commit.slice(0, 7)), inline: true }] : []),
        ...(culprits.length ? [{ name: 'Changes by', value: culprits.slice(0, MAX_CULPRITS).map(escapeMarkdown).join(', ') + (culprits.length > MAX_CULPRITS ? ` and ${culprits.length - MAX_CULPRITS} more` : ''), inline: true }] : []),
      ],
    };
  },
};

export const jenkins: Provider = schemaProvider({
  name: 'jenkins',
  displayName: 'Jenkins',
  description: 'Finished builds from the Notification plugin (JSON): job, number, result, branch, commit and who changed it.',
  docs: 'https://plugins.jenkins.io/notification/',
  event: fromField('build', 'phase'),
  schemas,
  renderers,
});
