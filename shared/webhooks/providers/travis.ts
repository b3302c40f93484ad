import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';
import { statusWords } from '../render/words';
import { formatSeconds } from './duration';
import { commitLineOf, descriptionOf } from '../render/commitLines';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Travis CI: one event, a build's state, as a form field `payload` holding JSON (or a JSON body),
 * naming neither event nor id. Travis signs with its own RSA key, not a secret an owner could
 * register, so the provider is unsigned.
 */
const schemas = () => ({
  build: z.object({
    // Some deliveries come without the build number: the build is then named without one.
    number: z.nullish(z.string()),
    type: z.nullish(z.string()),
    state: z.nullish(z.string()),
    status_message: z.nullish(z.string()),
    build_url: z.nullish(z.string()),
    commit: z.nullish(z.string()),
    branch: z.nullish(z.string()),
    message: z.nullish(z.string()),
    compare_url: z.nullish(z.string()),
    author_name: z.nullish(z.string()),
    duration: z.nullish(z.number()),
    pull_request_number: z.nullish(z.number()),
    pull_request_title: z.nullish(z.string()),
    tag: z.nullish(z.string()),
    repository: z.object({ name: z.string(), owner_name: z.nullish(z.string()) }),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

// Build states (travis-api's build states): passed, failed, errored, canceled, and the unfinished ones.
const STATE_COLORS: Record<string, number> = {
  passed: COLORS.created,
  fixed: COLORS.created,
  failed: COLORS.closed,
  broken: COLORS.closed,
  errored: COLORS.closed,
  canceled: COLORS.neutral,
  started: COLORS.info,
  created: COLORS.info,
};

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  build: (p) => {
    const repo = [p.repository?.owner_name, p.repository?.name].filter(Boolean).join('/');
    const ref = p.tag || p.branch || undefined;
    const status = statusWords(p.status_message || p.state || 'finished');
    const subject = p.message?.split('\n')[0]?.trim();
    const duration = typeof p.duration === 'number' ? formatSeconds(p.duration) : undefined;
    const pr = p.type === 'pull_request' && p.pull_request_number ? p.pull_request_number : undefined;
    return {
      // "[owner/name:branch] Build #12 passed"; without the repository, "Build #12 passed on branch".
      title:
        `${repo ? `[${[repo, ref].filter(Boolean).join(':')}] ` : ''}Build${p.number ? ` #${p.number}` : ''} ` +
        `${status}${!repo && ref ? ` on ${ref}` : ''}`,
      ...(p.build_url ? { url: p.build_url } : {}),
      ...(p.author_name ? { author: { name: p.author_name } } : {}),
      color: entryOf(STATE_COLORS, p.state ?? (p.status_message ?? '').toLowerCase()) ?? COLORS.neutral,
      ...(p.commit && subject
        ? descriptionOf(commitLineOf({ id: p.commit, url: p.compare_url ?? undefined, message: subject }))
        : {}),
      fields: [
        ...(pr
          ? [
              {
                name: 'Pull request',
                value: `#${pr}${p.pull_request_title ? ` ${escapeMarkdown(p.pull_request_title)}` : ''}`,
              },
            ]
          : []),
        ...(p.type && !pr ? [{ name: 'Trigger', value: escapeMarkdown(p.type), inline: true }] : []),
        ...(duration ? [{ name: 'Duration', value: duration, inline: true }] : []),
      ],
    };
  },
};

export const travis: Provider = schemaProvider({
  name: 'travis',
  displayName: 'Travis CI',
  description: 'Build results: repository, branch, number, state, commit, pull request and duration.',
  docs: 'https://docs.travis-ci.com/user/notifications/#configuring-webhook-notifications',
  event: always('build'),
  schemas,
  renderers,
});
