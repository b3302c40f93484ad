import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode as code, type Embed } from '../../discord/message';
import {
  changedFields,
  COLORS,
  firstOf,
  fromField,
  isFormEncoded,
  jsonOf,
  schemaProvider,
  type Provider,
} from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { eventWords } from '../render/words';
import { entryOf } from '../render/entryOf';

/**
 * Heroku app webhooks: the event is the body's `resource` (the subscription's `api:build` without
 * its prefix), shown with its `action`. The delivery id is `webhook_metadata.delivery.id`, the same
 * on every attempt; the body's `id`, naming the event, is the fallback.
 */

/** A form field without the whitespace around it (the deploy hook's values may end in a newline). */
const trimmed = () =>
  z.pipe(
    z.string(),
    z.transform((value) => value.trim()),
  );

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const app = z.object({ name: z.string() });
  const person = z.object({ email: z.string() });
  const base = { action: z.string(), actor: person };
  return { app, person, base };
};
type Parts = ReturnType<typeof parts>;

const schemas = () => {
  const { app, person, base } = parts();
  return {
    build: z.object({
      ...base,
      data: z.object({
        id: z.string(),
        app,
        status: z.string(),
        user: person,
        stack: z.string(),
        release: z.object({ version: z.number() }),
        source_blob: z.object({ version: z.string() }),
        slug: z.object({ commit_description: z.string() }),
      }),
    }),
    release: z.object({
      ...base,
      data: z.object({ app, version: z.number(), status: z.string(), description: z.string(), user: person }),
    }),
    app: z.object({
      ...base,
      data: z.object({ name: z.string(), web_url: z.string(), maintenance: z.boolean() }),
      // The fields an update changed, with their earlier values.
      previous_data: z.record(z.string(), z.unknown()),
    }),
    addon: z.object({
      ...base,
      data: z.object({
        app,
        name: z.string(),
        addon_service: z.object({ name: z.string() }),
        plan: z.object({ name: z.string() }),
        state: z.string(),
        web_url: z.string(),
      }),
    }),
    'addon-attachment': z.object({
      ...base,
      data: z.object({ app, name: z.string(), addon: z.object({ name: z.string(), app }), web_url: z.string() }),
    }),
    formation: z.object({
      ...base,
      data: z.object({ app, type: z.string(), quantity: z.number(), size: z.string() }),
      previous_data: z.object({ quantity: z.number(), size: z.string() }),
    }),
    // The legacy HTTP deploy hook: form fields, no JSON (read as `resource: deploy`, see parse below),
    // whose values may end in a newline ("v9\n"): trimmed, so no title or link carries one.
    deploy: z.object({
      app: trimmed(),
      user: trimmed(),
      url: trimmed(),
      head: trimmed(),
      release: trimmed(),
      git_log: z.string(),
    }),
    dyno: z.object({
      ...base,
      data: z.object({
        app,
        name: z.string(),
        state: z.string(),
        type: z.string(),
        size: z.string(),
        command: z.string(),
        exit_status: z.number(),
        release: z.object({ version: z.number() }),
      }),
    }),
  };
};

/** Any other resource (collaborator, domain, sni-endpoint...): the app, what it is called, who did it. */
const other = () => {
  const { app, person, base } = parts();
  return z.object({ ...base, data: z.object({ app, name: z.string(), hostname: z.string(), user: person }) });
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type App = TolerantOutput<Parts['app']> | undefined;

const STATUS_COLORS: Record<string, number> = {
  succeeded: COLORS.created,
  failed: COLORS.closed,
  pending: COLORS.info,
};
const DYNO_COLORS: Record<string, number> = {
  up: COLORS.created,
  starting: COLORS.info,
  crashed: COLORS.closed,
  down: COLORS.neutral,
  idle: COLORS.neutral,
};
const APP_ACTIONS: Record<string, string> = { create: 'created', update: 'updated', destroy: 'deleted' };
/**
 * The app's page in the Dashboard (the payload carries no web link
 * for builds, releases or dynos); the app list without its name.
 */
const dashboard = (app: App, path: string) =>
  `https://dashboard.heroku.com/apps${app?.name ? `/${encodeURIComponent(app.name)}/${path}` : ''}`;
/** "[app] " before a title, or nothing when the app is not named. */
const named = (app: App) => (app?.name ? `[${app.name}] ` : '');
// Heroku identifies people by email only; a release by an add-on names the add-on's address.
const author = (...people: (TolerantOutput<Parts['person']> | undefined)[]) => {
  const email = people.find((p) => p?.email)?.email;
  return email ? { author: { name: email } } : {};
};
const actionWord = (action: string | undefined) =>
  entryOf(APP_ACTIONS, action ?? '') ?? (action ? eventWords(action).toLowerCase() : 'changed');
const actionColor = (action: string | undefined) =>
  action === 'destroy' ? COLORS.closed : action === 'create' ? COLORS.created : COLORS.info;

/** What became of a build or release: failed, started (created pending), created, or its status after an update. */
function outcome(status: string | undefined, action: string | undefined): string {
  if (status === 'failed') return 'failed';
  if (action === 'create') return status === 'pending' ? 'started' : 'created';
  if (action === 'destroy') return 'deleted';
  return status ? eventWords(status).toLowerCase() : 'updated';
}

/** A dyno created is started, destroyed stopped; an update says its state ("is up", "crashed"). */
function dynoWords(state: string | undefined, action: string | undefined): string {
  if (action === 'create') return 'started';
  if (action === 'destroy') return 'stopped';
  if (state === 'crashed') return 'crashed';
  return state ? `is ${eventWords(state).toLowerCase()}` : 'changed';
}

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  build: (p) => {
    const d = p.data ?? {};
    const commit = d.source_blob?.version;
    const fields = [
      ...(commit ? [{ name: 'Commit', value: code(commit.slice(0, 7)), inline: true }] : []),
      ...(d.stack ? [{ name: 'Stack', value: escapeMarkdown(d.stack), inline: true }] : []),
      ...(d.release?.version !== undefined ? [{ name: 'Release', value: `v${d.release.version}`, inline: true }] : []),
    ];
    return {
      title: `${named(d.app)}Build ${outcome(d.status, p.action)}`,
      url: dashboard(d.app, d.id ? `activity/builds/${encodeURIComponent(d.id)}` : 'activity'),
      ...author(d.user, p.actor),
      color: entryOf(STATUS_COLORS, d.status ?? '') ?? COLORS.neutral,
      ...(d.slug?.commit_description ? { description: escapeMarkdown(d.slug.commit_description) } : {}),
      ...(fields.length ? { fields } : {}),
    };
  },
  release: (p) => {
    const d = p.data ?? {};
    return {
      title: `${named(d.app)}Release${d.version !== undefined ? ` v${d.version}` : ''} ${outcome(d.status, p.action)}`,
      url: dashboard(d.app, 'activity'),
      ...author(d.user, p.actor),
      color: entryOf(STATUS_COLORS, d.status ?? '') ?? COLORS.neutral,
      ...(d.description ? { description: escapeMarkdown(d.description) } : {}),
    };
  },
  app: (p) => {
    const d = p.data ?? {};
    return {
      title: `${named(d)}App ${actionWord(p.action)}${d.maintenance ? ' (in maintenance mode)' : ''}`,
      // A deleted app has no page left; any other is best seen where it runs.
      url: p.action === 'destroy' ? dashboard(undefined, '') : (d.web_url ?? dashboard(d, '')),
      ...author(p.actor),
      color: actionColor(p.action),
      ...changedFields(p.previous_data),
    };
  },
  addon: (p) => {
    const d = p.data ?? {};
    return {
      title: `${named(d.app)}Add-on${d.name ? ` ${d.name}` : ''} ${actionWord(p.action)}`,
      url: p.action !== 'destroy' && d.web_url ? d.web_url : dashboard(d.app, 'resources'),
      ...author(p.actor),
      color: actionColor(p.action),
      fields: [
        ...(d.addon_service?.name
          ? [{ name: 'Service', value: escapeMarkdown(d.addon_service.name), inline: true }]
          : []),
        ...(d.plan?.name ? [{ name: 'Plan', value: escapeMarkdown(d.plan.name), inline: true }] : []),
        ...(d.state ? [{ name: 'State', value: escapeMarkdown(d.state), inline: true }] : []),
      ],
    };
  },
  'addon-attachment': (p) => {
    const d = p.data ?? {};
    const from = d.addon?.app?.name;
    return {
      title:
        `${named(d.app)}Add-on${d.addon?.name ? ` ${d.addon.name}` : ''} ` +
        `${p.action === 'destroy' ? 'detached' : 'attached'}${d.name ? ` as ${d.name}` : ''}`,
      // The attachment's own page (the add-on's dashboard), as for an add-on; gone once detached.
      url: p.action !== 'destroy' && d.web_url ? d.web_url : dashboard(d.app, 'resources'),
      ...author(p.actor),
      color: p.action === 'destroy' ? COLORS.neutral : COLORS.created,
      // Attached from another app: say whose it is.
      ...(from && from !== d.app?.name ? { description: `From ${escapeMarkdown(from)}` } : {}),
    };
  },
  formation: (p) => {
    const d = p.data ?? {};
    const before = p.previous_data?.quantity;
    const scaled =
      d.quantity === undefined
        ? undefined
        : before !== undefined && before !== d.quantity
          ? `${before} → ${d.quantity}`
          : String(d.quantity);
    const size =
      d.size && p.previous_data?.size && p.previous_data.size !== d.size
        ? `${p.previous_data.size} → ${d.size}`
        : d.size;
    const what = p.action === 'destroy' ? 'removed' : d.quantity !== undefined ? `scaled to ${d.quantity}` : 'changed';
    return {
      title: `${named(d.app)}${d.type ? `${d.type} dynos` : 'Dynos'} ${what}`,
      url: dashboard(d.app, 'resources'),
      ...author(p.actor),
      color: p.action === 'destroy' || d.quantity === 0 ? COLORS.neutral : COLORS.info,
      fields: [
        ...(scaled ? [{ name: 'Dynos', value: scaled, inline: true }] : []),
        ...(size ? [{ name: 'Size', value: escapeMarkdown(size), inline: true }] : []),
      ],
    };
  },
  deploy: (p) => {
    const app = p.app ? { name: p.app } : undefined;
    return {
      title: `${named(app)}Deployed${p.release ? ` ${p.release}` : ''}${p.head ? ` (${p.head})` : ''}`,
      url: p.url || dashboard(app, 'activity'),
      ...(p.user ? { author: { name: p.user } } : {}),
      color: COLORS.created,
      // git_log is "  * Name: message" lines.
      ...(p.git_log?.trim()
        ? { description: escapeMarkdown(p.git_log.trim().split('\n').slice(0, 10).join('\n')) }
        : {}),
    };
  },
  dyno: (p) => {
    const d = p.data ?? {};
    const fields = [
      ...(d.command ? [{ name: 'Command', value: code(d.command) }] : []),
      ...(d.size ? [{ name: 'Size', value: escapeMarkdown(d.size), inline: true }] : []),
      ...(d.release?.version !== undefined ? [{ name: 'Release', value: `v${d.release.version}`, inline: true }] : []),
      ...(d.exit_status !== undefined ? [{ name: 'Exit status', value: String(d.exit_status), inline: true }] : []),
    ];
    return {
      title: `${named(d.app)}Dyno${d.name ? ` ${d.name}` : ''} ${dynoWords(d.state, p.action)}`,
      url: dashboard(d.app, 'resources'),
      ...author(p.actor),
      color: entryOf(DYNO_COLORS, d.state ?? '') ?? COLORS.neutral,
      ...(fields.length ? { fields } : {}),
    };
  },
};

/** "[app] Collaborator user@example.com created", "[app] Domain www.example.com deleted". */
function told(p: TolerantOutput<ReturnType<typeof other>>, resource: string): Embed {
  const d = p.data ?? {};
  const label = d.name ?? d.hostname ?? d.user?.email;
  return {
    title: `${named(d.app)}${eventWords(resource)}${label ? ` ${label}` : ''} ${actionWord(p.action)}`,
    url: dashboard(d.app, 'activity'),
    ...author(p.actor),
    color: actionColor(p.action),
  };
}

export const heroku: Provider = schemaProvider({
  name: 'heroku',
  displayName: 'Heroku',
  description:
    'App builds, releases, dyno state changes, app changes, add-ons provisioned, changed or removed and ' +
    'attached or detached, and scaling (formation), coloured by their status; any other resource ' +
    '(collaborators, domains, certificates) by its name and action; and the legacy HTTP deploy hook ' +
    '(form-encoded).',
  docs: 'https://devcenter.heroku.com/articles/app-webhooks',
  // A base64 HMAC-SHA256 of the body keyed with the subscription's secret.
  signature: { kind: 'hmac', header: 'Heroku-Webhook-Hmac-SHA256', algorithm: 'sha256', encoding: 'base64' },
  // The legacy deploy hook posts form fields (app, user, url, head, release, git_log): the `deploy` event.
  parse: (delivery) =>
    isFormEncoded(delivery) && !new URLSearchParams(delivery.body).has('payload')
      ? { ...Object.fromEntries(new URLSearchParams(delivery.body)), resource: 'deploy' }
      : jsonOf(delivery),
  event: fromField('resource'),
  action: fromField('action'),
  deliveryId: firstOf(fromField('webhook_metadata', 'delivery', 'id'), fromField('id')),
  schemas,
  renderers,
  everyOtherEvent: { schema: other, render: told },
});
