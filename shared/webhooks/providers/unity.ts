import * as z from 'zod/mini';
import { escapeMarkdown, markdownLink, type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';
import { statusWords } from '../render/words';
import type { TolerantOutput } from '../tolerantRead';
import { entryOf } from '../render/entryOf';

/**
 * Unity Cloud Build (Build Automation) webhooks: one event, a build's status change (queued,
 * started, success, failure, canceled), named by the body's `buildStatus`; no header names the
 * event or the delivery. Links are relative to `links.dashboard_url`. No signature scheme is
 * documented in the webhook introduction of Unity's Build API, so none is taken.
 */

const schemas = () => {
  const link = z.object({ href: z.string() });
  return {
    build: z.object({
      projectName: z.string(),
      buildTargetName: z.string(),
      buildNumber: z.number(),
      buildStatus: z.string(),
      startedBy: z.string(),
      platform: z.string(),
      links: z.object({
        dashboard_url: link,
        dashboard_summary: link,
        dashboard_project: link,
        artifacts: z.array(
          z.object({ name: z.string(), files: z.array(z.object({ filename: z.string(), href: z.string() })) }),
        ),
      }),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

// Build statuses of the Build API: queued, sentToBuilder, started, restarted, success, failure, canceled, unknown.
const STATUS_COLORS: Record<string, number> = {
  success: COLORS.created,
  failure: COLORS.closed,
  canceled: COLORS.neutral,
  queued: COLORS.info,
  sentToBuilder: COLORS.info,
  started: COLORS.info,
  restarted: COLORS.info,
};

/** A dashboard link: absolute as it is, relative resolved against the dashboard's URL. */
function dashboardLink(base: string | undefined, href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href, base || 'https://build.cloud.unity3d.com').href;
  } catch {
    return undefined;
  }
}

/** At most this many artifact files are listed. */
const MAX_FILES = 5;

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  build: (p) => {
    const base = p.links?.dashboard_url?.href;
    const url =
      dashboardLink(base, p.links?.dashboard_summary?.href) ?? dashboardLink(base, p.links?.dashboard_project?.href);
    const files = (p.links?.artifacts ?? [])
      .flatMap((artifact) => artifact.files ?? [])
      .flatMap((f) => {
        const href = dashboardLink(base, f.href);
        return f.filename && href ? [{ name: f.filename, href }] : [];
      });
    const startedBy = p.startedBy?.replace(/\s*<[^>]*>\s*$/, '') || p.startedBy;
    return {
      title:
        `${p.projectName ? `[${p.projectName}] ` : ''}${p.buildTargetName || 'Build'}` +
        `${p.buildNumber !== undefined ? ` #${p.buildNumber}` : ''} ` +
        `${p.buildStatus ? statusWords(p.buildStatus) : 'updated'}`,
      ...(url ? { url } : {}),
      // "Build User <builduser@domain.com>": the name alone.
      ...(startedBy ? { author: { name: startedBy } } : {}),
      color: entryOf(STATUS_COLORS, p.buildStatus ?? '') ?? COLORS.neutral,
      fields: [
        ...(p.platform ? [{ name: 'Platform', value: escapeMarkdown(p.platform), inline: true }] : []),
        ...(files.length
          ? [
              {
                name: 'Download',
                value:
                  files
                    .slice(0, MAX_FILES)
                    .map((f) => markdownLink(escapeMarkdown(f.name), f.href))
                    .join('\n') + (files.length > MAX_FILES ? `\nand ${files.length - MAX_FILES} more` : ''),
              },
            ]
          : []),
      ],
    };
  },
};

export const unity: Provider = schemaProvider({
  name: 'unity',
  displayName: 'Unity Cloud Build',
  description:
    'Build status changes (queued, started, success, failure, canceled): project, target, number, platform, ' +
    'who started it and the artifacts to download.',
  docs: 'https://build-api.cloud.unity3d.com/docs/1.0.0/index.html#operation-webhooks-intro',
  event: always('build'),
  schemas,
  renderers,
});
