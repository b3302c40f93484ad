import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS, fromField, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';

/**
 * Doppler: one event, named by the body's `type` ("config.secrets.update"); deliveries carry no id.
 * The payload never holds secret values, only (in `diff`) the names of secrets added, updated or
 * removed, which are shown. A webhook with a custom payload has no `type` and is refused.
 */
const schemas = () => {
  const names = z.array(z.string());
  const update = z.object({
    config: z.object({ name: z.string(), environment: z.string() }),
    project: z.object({ name: z.string() }),
    workplace: z.object({ name: z.string() }),
    diff: z.object({ added: names, updated: names, removed: names }),
  });
  return {
    'config.secrets.update': update,
    // The same event under the name Doppler gave it when projects were "Enclave" (its earlier webhooks send it still).
    'enclave.project.config.secrets.update': update,
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

/** At most this many names per field: a bulk import can change hundreds. */
const MAX_NAMES = 20;
const nameList = (list: string[]) =>
  list.slice(0, MAX_NAMES).map(escapeMarkdown).join(', ') +
  (list.length > MAX_NAMES ? ` and ${list.length - MAX_NAMES} more` : '');

function secretsUpdate(p: Payload<'config.secrets.update'>): Embed {
  const changed = (['added', 'updated', 'removed'] as const).flatMap((kind) => {
    const list = (p.diff?.[kind] ?? []).filter(Boolean);
    return list.length
      ? [{ name: `${kind[0]?.toUpperCase()}${kind.slice(1)} (${list.length})`, value: nameList(list) }]
      : [];
  });
  const project = p.project?.name,
    config = p.config?.name,
    environment = p.config?.environment;
  return {
    title: `${project ? `[${project}] ` : ''}Secrets updated${config ? ` in ${config}` : ''}`,
    // Anything removed is worth a second look; otherwise an ordinary change.
    color: p.diff?.removed?.length ? COLORS.warning : COLORS.info,
    ...(p.workplace?.name ? { author: { name: p.workplace.name } } : {}),
    fields: [
      ...(project ? [{ name: 'Project', value: escapeMarkdown(project), inline: true }] : []),
      ...(environment ? [{ name: 'Environment', value: escapeMarkdown(environment), inline: true }] : []),
      ...(config ? [{ name: 'Config', value: escapeMarkdown(config), inline: true }] : []),
      ...changed,
    ],
  };
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  'config.secrets.update': secretsUpdate,
  'enclave.project.config.secrets.update': secretsUpdate,
};

export const doppler: Provider = schemaProvider({
  name: 'doppler',
  displayName: 'Doppler',
  description:
    'Secrets changes in a config: project, environment, config and the names (never the values) of secrets ' +
    'added, updated or removed.',
  docs: 'https://docs.doppler.com/docs/webhooks',
  signature: { kind: 'hmac', header: 'x-doppler-signature', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: fromField('type'),
  schemas,
  renderers,
});
