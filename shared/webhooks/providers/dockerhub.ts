import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode as code, type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';

/**
 * Docker Hub: a repository webhook fires on one event only, an image push, and names neither the
 * event nor the delivery (no header, no id field); it cannot be signed either, so no secret is
 * accepted. `callback_url` is a legacy field Docker no longer supports and is not read.
 */
const schemas = () => ({
  push: z.object({
    // Old deliveries (automated builds) had `images` and no `tag`.
    push_data: z.object({ pusher: z.string(), tag: z.nullish(z.string()) }),
    repository: z.object({ repo_name: z.string(), repo_url: z.string(), is_private: z.optional(z.boolean()) }),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;


const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  push: (p) => {
    const tag = p.push_data.tag || undefined;
    return {
      title: `[${p.repository.repo_name}] Image pushed${tag ? `: ${tag}` : ''}`,
      url: p.repository.repo_url,
      author: { name: p.push_data.pusher },
      color: COLORS.info,
      fields: [
        ...(tag ? [{ name: 'Tag', value: escapeMarkdown(tag), inline: true }] : []),
        { name: 'Pull', value: code(`docker pull ${p.repository.repo_name}${tag ? `:${tag}` : ''}`), inline: true },
      ],
    };
  },
};

export const dockerhub: Provider = schemaProvider({
  name: 'dockerhub',
  displayName: 'Docker Hub',
  description: 'Image pushes to a repository: repository, tag, pusher and the pull command.',
  docs: 'https://docs.docker.com/docker-hub/repos/manage/webhooks/',
  event: always('push'),
  schemas,
  renderers,
});
