import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode as code, type Embed } from '../../discord/message';
import { COLORS, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { objectAt } from './byShape';

/**
 * Docker Hub: a repository webhook fires on one event only, an image push, and names neither the
 * event nor the delivery (no header, no id field); it cannot be signed either, so no secret is
 * accepted. `callback_url` is a legacy field Docker no longer supports and is not read.
 */
const schemas = () => ({
  push: z.object({
    // Old deliveries (automated builds) had `images` and no `tag`.
    push_data: z.object({ pusher: z.string(), tag: z.string() }),
    repository: z.object({ repo_name: z.string(), namespace: z.string(), name: z.string(), repo_url: z.string() }),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  push: (p) => {
    const tag = p.push_data?.tag || undefined;
    const { namespace, name } = p.repository ?? {};
    const repo = p.repository?.repo_name || (name ? [namespace, name].filter(Boolean).join('/') : undefined);
    // Without the repository's URL, Docker Hub's page for its name.
    const url = p.repository?.repo_url || (repo ? `https://hub.docker.com/r/${repo}` : undefined);
    return {
      title: `${repo ? `[${repo}] ` : ''}Image pushed${tag ? `: ${tag}` : ''}`,
      ...(url ? { url } : {}),
      ...(p.push_data?.pusher ? { author: { name: p.push_data.pusher } } : {}),
      color: COLORS.info,
      fields: [
        ...(tag ? [{ name: 'Tag', value: escapeMarkdown(tag), inline: true }] : []),
        ...(repo ? [{ name: 'Pull', value: code(`docker pull ${repo}${tag ? `:${tag}` : ''}`), inline: true }] : []),
      ],
    };
  },
};

export const dockerhub: Provider = schemaProvider({
  name: 'dockerhub',
  displayName: 'Docker Hub',
  description: 'Image pushes to a repository: repository, tag, pusher and the pull command.',
  docs: 'https://docs.docker.com/docker-hub/repos/manage/webhooks/',
  event: objectAt('push_data', 'push'),
  schemas,
  renderers,
});
