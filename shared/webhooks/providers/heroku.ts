import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode as code, type Embed } from '../../discord/message';
import { changedFields, COLORS, firstOf, fromField, schemaProvider, type Provider } from '../provider';

/**
 * Heroku app webhooks: the event is the body's `resource` ("build", "release", "dyno": the
 * subscription's `api:build` without its prefix), what happened the body's `action` (create,
 * update, destroy), shown in the title. The delivery id is `webhook_metadata.delivery.id`, the same
 * on every attempt of a delivery (the body's `id` names the event, a fallback). No header carries
 * an id in Heroku's documentation, so none is read.
 */
const app = z.object({ name: z.string() });
const person = z.nullish(z.object({ email: z.nullish(z.string()) }));
const status = z.nullish(z.string());
const base = z.object({ action: z.string(), actor: person });

const schemas = {
  build: z.extend(base, {
    data: z.object({
      id: z.string(),
      app,
      status,
      user: person,
      stack: z.nullish(z.string()),
      release: z.nullish(z.object({ version: z.number() })),
      source_blob: z.nullish(z.object({ version: z.nullish(z.string()) })),
      slug: z.nullish(z.object({ commit_description: z.nullish(z.string()) })),
    }),
  }),
  release: z.extend(base, {
    data: z.object({ app, version: z.number(), status, description: z.nullish(z.string()), user: person }),
  }),
  app: z.extend(base, {
    data: z.object({ name: z.string(), web_url: z.nullish(z.string()), maintenance: z.optional(z.boolean()) }),
    // The fields an update changed, with their earlier values.
    previous_data: z.optional(z.record(z.string(), z.unknown())),
  }),
  dyno: z.extend(base, {
    data: z.object({
      app,
      name: z.string(),
      state: z.string(),
      type: z.nullish(z.string()),
      size: z.nullish(z.string()),
      command: z.nullish(z.string()),
      exit_status: z.nullish(z.number()),
      release: z.nullish(z.object({ version: z.number() })),
    }),
  }),
};

type EventName = keyof typeof schemas;
type Payload<E extends EventName> = z.output<(typeof schemas)[E]>;

const STATUS_COLORS: Record<string, number> = { succeeded: COLORS.created, failed: COLORS.closed, pending: COLORS.info };
const DYNO_COLORS: Record<string, number> = { up: COLORS.created, starting: COLORS.info, crashed: COLORS.closed, down: COLORS.neutral, idle: COLORS.neutral };
/** The app's page in the Dashboard (the payload carries no web link for builds, releases or dynos). */
const dashboard = (data: { app: { name: string } }, path: string) => `https://dashboard.heroku.com/apps/${encodeURIComponent(data.app.name)}/${path}`;
// Heroku identifies people by email only; a release by an add-on names the add-on's address.
const author = (...people: z.output<typeof person>[]) => {
  const email = people.find((p) => p?.email)?.email;
  return email ? { author: { name: email } } : {};
};
const APP_ACTIONS: Record<string, string> = { create: 'created', update: 'updated', destroy: 'deleted' };
const statusOf = (value: string | null | undefined, action: string) => `${value ? ` ${value}` : ''} (${action})`;

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  build: (p) => {
    const commit = p.data.source_blob?.version;
    const fields = [
      ...(commit ? [{ name: 'Commit', value: code(commit.slice(0, 7)), inline: true }] : []),
      ...(p.data.stack ? [{ name: 'Stack', value: escapeMarkdown(p.data.stack), inline: true }] : []),
      ...(p.data.release ? [{ name: 'Release', value: `v${p.data.release.version}`, inline: true }] : []),
    ];
    return {
      title: `[${p.data.app.name}] Build${statusOf(p.data.status, p.action)}`,
      url: dashboard(p.data, `activity/builds/${encodeURIComponent(p.data.id)}`),
      ...author(p.data.user, p.actor),
      color: STATUS_COLORS[p.data.status ?? ''] ?? COLORS.neutral,
      ...(p.data.slug?.commit_description ? { description: escapeMarkdown(p.data.slug.commit_description) } : {}),
      ...(fields.length ? { fields } : {}),
    };
  },
  release: (p) => ({
    title: `[${p.data.app.name}] Release v${p.data.version}${statusOf(p.data.status, p.action)}`,
    url: dashboard(p.data, 'activity'),
    ...author(p.data.user, p.actor),
    color: STATUS_COLORS[p.data.status ?? ''] ?? COLORS.neutral,
    ...(p.data.description ? { description: escapeMarkdown(p.data.description) } : {}),
  }),
  app: (p) => ({
    title: `[${p.data.name}] App ${APP_ACTIONS[p.action] ?? p.action}${p.data.maintenance ? ' (in maintenance mode)' : ''}`,
    // A deleted app has no page left; any other is best seen where it runs.
    url: p.action === 'destroy' ? 'https://dashboard.heroku.com/apps' : (p.data.web_url ?? dashboard({ app: p.data }, '')),
    ...author(p.actor),
    color: p.action === 'destroy' ? COLORS.closed : p.action === 'create' ? COLORS.created : COLORS.info,
    ...changedFields(p.previous_data),
  }),
  dyno: (p) => {
    const fields = [
      ...(p.data.command ? [{ name: 'Command', value: code(p.data.command) }] : []),
      ...(p.data.size ? [{ name: 'Size', value: escapeMarkdown(p.data.size), inline: true }] : []),
      ...(p.data.release ? [{ name: 'Release', value: `v${p.data.release.version}`, inline: true }] : []),
      ...(typeof p.data.exit_status === 'number' ? [{ name: 'Exit status', value: String(p.data.exit_status), inline: true }] : []),
    ];
    return {
      title: `[${p.data.app.name}] Dyno ${p.data.name}${statusOf(p.data.state, p.action)}`,
      url: dashboard(p.data, 'resources'),
      ...author(p.actor),
      color: DYNO_COLORS[p.data.state] ?? COLORS.neutral,
      ...(fields.length ? { fields } : {}),
    };
  },
};

export const heroku: Provider = schemaProvider({
  name: 'heroku',
  displayName: 'Heroku',
  description: 'App builds, releases, dyno state changes and app changes, coloured by their status.',
  docs: 'https://devcenter.heroku.com/articles/app-webhooks',
  // A base64 HMAC-SHA256 of the body keyed with the subscription's secret.
  signature: { kind: 'hmac', header: 'Heroku-Webhook-Hmac-SHA256', algorithm: 'sha256', encoding: 'base64' },
  event: fromField('resource'),
  action: fromField('action'),
  deliveryId: firstOf(fromField('webhook_metadata', 'delivery', 'id'), fromField('id')),
  schemas,
  renderers,
});
