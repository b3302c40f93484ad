import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode as code, type Embed } from '../../discord/message';
import { changedFields, COLORS, firstOf, fromField, isFormEncoded, jsonOf, schemaProvider, type Provider } from '../provider';

/**
 * Heroku app webhooks: the event is the body's `resource` ("build", "release", "dyno": the
 * subscription's `api:build` without its prefix), what happened the body's `action` (create,
 * update, destroy), shown in the title. The delivery id is `webhook_metadata.delivery.id`, the same
 * on every attempt of a delivery (the body's `id` names the event, a fallback). No header carries
 * an id in Heroku's documentation, so none is read.
 */

/** A form field without the whitespace around it. */
const trimmed = () => z.pipe(z.string(), z.transform((value) => value.trim()));

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const app = z.object({ name: z.string() });
  const person = z.nullish(z.object({ email: z.nullish(z.string()) }));
  const status = z.nullish(z.string());
  const base = z.object({ action: z.string(), actor: person });
  return { app, person, status, base };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { app, person, status, base } = parts();
  return {
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
    addon: z.extend(base, {
      data: z.object({ app, name: z.string(), addon_service: z.object({ name: z.string() }), plan: z.object({ name: z.string() }), state: z.nullish(z.string()), web_url: z.nullish(z.string()) }),
    }),
    'addon-attachment': z.extend(base, {
      data: z.object({ app, name: z.string(), addon: z.object({ name: z.string(), app: z.optional(app) }), web_url: z.nullish(z.string()) }),
    }),
    formation: z.extend(base, {
      data: z.object({ app, type: z.string(), quantity: z.number(), size: z.nullish(z.string()), command: z.nullish(z.string()) }),
      previous_data: z.optional(z.object({ quantity: z.optional(z.number()), size: z.optional(z.string()) })),
    }),
    // The legacy HTTP deploy hook: form fields, no JSON (read as `resource: deploy`, see parse below),
    // whose values may end in a newline ("v9\n"): trimmed, so no title or link carries one.
    deploy: z.object({
      app: trimmed(),
      user: z.optional(trimmed()),
      url: z.optional(trimmed()),
      head: z.optional(trimmed()),
      release: z.optional(trimmed()),
      git_log: z.optional(z.string()),
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
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

const STATUS_COLORS: Record<string, number> = { succeeded: COLORS.created, failed: COLORS.closed, pending: COLORS.info };
const DYNO_COLORS: Record<string, number> = { up: COLORS.created, starting: COLORS.info, crashed: COLORS.closed, down: COLORS.neutral, idle: COLORS.neutral };
/** The app's page in the Dashboard (the payload carries no web link for builds, releases or dynos). */
const dashboard = (data: { app: { name: string } }, path: string) => `https://dashboard.heroku.com/apps/${encodeURIComponent(data.app.name)}/${path}`;
// Heroku identifies people by email only; a release by an add-on names the add-on's address.
const author = (...people: z.output<Parts['person']>[]) => {
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
  addon: (p) => ({
    title: `[${p.data.app.name}] Add-on ${p.data.name} ${APP_ACTIONS[p.action] ?? p.action}`,
    url: p.action !== 'destroy' && p.data.web_url ? p.data.web_url : dashboard(p.data, 'resources'),
    ...author(p.actor),
    color: p.action === 'destroy' ? COLORS.closed : p.action === 'create' ? COLORS.created : COLORS.info,
    fields: [
      { name: 'Plan', value: escapeMarkdown(p.data.plan.name), inline: true },
      ...(p.data.state ? [{ name: 'State', value: escapeMarkdown(p.data.state), inline: true }] : []),
    ],
  }),
  'addon-attachment': (p) => ({
    title: `[${p.data.app.name}] Add-on ${p.data.addon.name} ${p.action === 'destroy' ? 'detached' : 'attached'} as ${p.data.name}`,
    url: dashboard(p.data, 'resources'),
    ...author(p.actor),
    color: p.action === 'destroy' ? COLORS.neutral : COLORS.created,
    // Attached from another app: say whose it is.
    ...(p.data.addon.app && p.data.addon.app.name !== p.data.app.name ? { description: `From ${escapeMarkdown(p.data.addon.app.name)}` } : {}),
  }),
  formation: (p) => {
    const before = p.previous_data?.quantity;
    const scaled = before !== undefined && before !== p.data.quantity ? `${before} → ${p.data.quantity}` : String(p.data.quantity);
    return {
      title: `[${p.data.app.name}] ${p.data.type} dynos ${p.action === 'destroy' ? 'removed' : `scaled to ${p.data.quantity}`}`,
      url: dashboard(p.data, 'resources'),
      ...author(p.actor),
      color: p.action === 'destroy' || p.data.quantity === 0 ? COLORS.neutral : COLORS.info,
      fields: [
        { name: 'Dynos', value: scaled, inline: true },
        ...(p.data.size ? [{ name: 'Size', value: escapeMarkdown(p.previous_data?.size && p.previous_data.size !== p.data.size ? `${p.previous_data.size} → ${p.data.size}` : p.data.size), inline: true }] : []),
      ],
    };
  },
  deploy: (p) => ({
    title: `[${p.app}] Deployed${p.release ? ` ${p.release}` : ''}${p.head ? ` (${p.head})` : ''}`,
    url: p.url || dashboard({ app: { name: p.app } }, 'activity'),
    ...(p.user ? { author: { name: p.user } } : {}),
    color: COLORS.created,
    // git_log is "  * Name: message" lines.
    ...(p.git_log?.trim() ? { description: escapeMarkdown(p.git_log.trim().split('\n').slice(0, 10).join('\n')) } : {}),
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
  description: 'App builds, releases, dyno state changes, app changes, add-ons provisioned, changed or removed and attached or detached, and scaling (formation), coloured by their status; and the legacy HTTP deploy hook (form-encoded).',
  docs: 'https://devcenter.heroku.com/articles/app-webhooks',
  // A base64 HMAC-SHA256 of the body keyed with the subscription's secret.
  signature: { kind: 'hmac', header: 'Heroku-Webhook-Hmac-SHA256', algorithm: 'sha256', encoding: 'base64' },
  // The legacy deploy hook posts form fields (app, user, url, head, release, git_log): the `deploy` event.
  parse: (delivery) => (isFormEncoded(delivery) && !new URLSearchParams(delivery.body).has('payload') ? { ...Object.fromEntries(new URLSearchParams(delivery.body)), resource: 'deploy' } : jsonOf(delivery)),
  event: fromField('resource'),
  action: fromField('action'),
  deliveryId: firstOf(fromField('webhook_metadata', 'delivery', 'id'), fromField('id')),
  schemas,
  renderers,
});
