import * as z from 'zod/mini';
import { escapeMarkdown, inlineCode, type Embed } from '../../discord/message';
import { COLORS, schemaProvider, type Locator, type Provider } from '../provider';
import { statusWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { durationBetween } from './duration';
import { entryOf } from '../render/entryOf';

/**
 * App Center: deliveries name neither their event nor themselves (no header, no id field, no
 * signature), so the event is told by the body's shape: a build carries `build_status`, a new
 * release `release_id`. Any other JSON object (a crash group, say) is an event not rendered.
 */
const byShape: Locator = {
  describe: 'an App Center payload (an object)',
  headers: [],
  find(_delivery, json) {
    const body = json();
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
    if (Object.hasOwn(body, 'build_status')) return 'build';
    if (Object.hasOwn(body, 'release_id')) return 'distribute';
    return 'other';
  },
};

const schemas = () => ({
  build: z.object({
    app_name: z.string(),
    branch: z.string(),
    build_status: z.string(),
    // Ids come as text or numbers; read as text.
    build_id: z.string(),
    build_link: z.string(),
    build_reason: z.string(),
    os: z.string(),
    source_version: z.string(),
    start_time: z.string(),
    finish_time: z.string(),
  }),
  distribute: z.object({
    app_name: z.string(),
    app_display_name: z.string(),
    release_id: z.string(),
    platform: z.string(),
    version: z.string(),
    short_version: z.string(),
    release_notes: z.string(),
    install_link: z.string(),
    mandatory_update: z.boolean(),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

// Build statuses in App Center's documentation: Succeeded, SucceededWithIssues, Failed, Canceled.
const STATUS_COLORS: Record<string, number> = {
  Succeeded: COLORS.created,
  SucceededWithIssues: COLORS.warning,
  Failed: COLORS.closed,
  Canceled: COLORS.neutral,
};

/** "[App] " when the payload names the app. */
const app = (name: string | undefined) => (name ? `[${name}] ` : '');

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  build: (p) => {
    const duration = durationBetween(p.start_time, p.finish_time);
    return {
      title:
        `${app(p.app_name)}Build${p.build_id ? ` #${p.build_id}` : ''} ` +
        `${p.build_status ? statusWords(p.build_status) : 'finished'}${p.branch ? ` on ${p.branch}` : ''}`,
      ...(p.build_link ? { url: p.build_link } : {}),
      color: entryOf(STATUS_COLORS, p.build_status ?? '') ?? COLORS.neutral,
      fields: [
        ...(p.os ? [{ name: 'OS', value: escapeMarkdown(p.os), inline: true }] : []),
        ...(p.source_version
          ? [{ name: 'Commit', value: inlineCode(p.source_version.slice(0, 7)), inline: true }]
          : []),
        ...(duration ? [{ name: 'Duration', value: duration, inline: true }] : []),
        ...(p.build_reason ? [{ name: 'Reason', value: escapeMarkdown(p.build_reason), inline: true }] : []),
      ],
    };
  },
  distribute: (p) => {
    const version = p.short_version
      ? `${p.short_version}${p.version ? ` (${p.version})` : ''}`
      : p.version || undefined;
    const release = version ?? (p.release_id ? `#${p.release_id}` : undefined);
    return {
      title: `${app(p.app_display_name || p.app_name)}Release${release ? ` ${release}` : ''} distributed`,
      ...(p.install_link ? { url: p.install_link } : {}),
      color: COLORS.created,
      ...(p.release_notes ? { description: escapeMarkdown(p.release_notes) } : {}),
      fields: [
        ...(p.release_id ? [{ name: 'Release', value: `#${escapeMarkdown(p.release_id)}`, inline: true }] : []),
        ...(p.platform ? [{ name: 'Platform', value: escapeMarkdown(p.platform), inline: true }] : []),
        ...(p.mandatory_update ? [{ name: 'Mandatory', value: 'yes', inline: true }] : []),
      ],
    };
  },
};

export const appcenter: Provider = schemaProvider({
  name: 'appcenter',
  displayName: 'App Center',
  description:
    'Finished builds (status, branch, OS, commit, duration) and distributed releases (version, platform, ' +
    'release notes).',
  docs: 'https://learn.microsoft.com/en-us/appcenter/dashboard/webhooks/',
  // App Center's webhook documentation describes no signature or secret header.
  event: byShape,
  schemas,
  renderers,
});
