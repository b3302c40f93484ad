import * as z from 'zod/mini';
import { escapeMarkdown, markdownLink, type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';

/**
 * Unity Cloud Build (Build Automation) webhooks: one event, a build's status change (queued,
 * started, success, failure, canceled), named by the body's `buildStatus`; no header names the
 * event or the delivery. Links are relative to `links.dashboard_url`. No signature scheme is
 * documented in the webhook introduction of Unity's Build API, so none is taken.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const link = z.object({ href: z.string() });
  return { link };
};

const schemas = () => {
  const { link } = parts();
  return {
    build: z.object({
      projectName: z.string(),
      buildTargetName: z.string(),
      buildNumber: z.number(),
      buildStatus: z.string(),
      startedBy: z.nullish(z.string()),
      platform: z.nullish(z.string()),
      links: z.nullish(
        z.object({
          dashboard_url: z.nullish(link),
          dashboard_summary: z.nullish(link),
          dashboard_project: z.nullish(link),
          artifacts: z.nullish(z.array(z.object({ name: z.nullish(z.string()), files: z.nullish(z.array(z.object({ filename: z.string(), href: z.string() }))) }))),
        }),
      ),
    }),
  };
};

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

// Build statuses of the Build API: queued, sentToBuilder, started, restarted, success, failure, canceled, unknown.
const STATUS_COLORS: Record<string, number> = { success: COLORS.created, failure: COLORS.closed, canceled: COLORS.neutral, queued: COLORS.info, sentToBuilder: COLORS.info, started: COLORS.info, restarted: COLORS.info };

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
    const url = dashboardLink(base, p.links?.dashboard_summary?.href) ?? dashboardLink(base, p.links?.dashboard_project?.href);
    const files = (p.links?.artifacts ?? []).flatMap((artifact) => artifact.files ?? []);
    return {
      title: `[${p.projectName}] ${p.buildTargetName} #${p.buildNumber} ${p.buildStatus}`,
      ...(url ? { url } : {}),
      // "Build User <builduser@domain.com>": the name alone.
      ...(p.startedBy ? { author: { name: p.startedBy.replace(/\s*<[^>]*>\s*$/, '') || p.startedBy } } : {}),
      color: STATUS_COLORS[p.buildStatus] ?? COLORS.neutral,
      fields: [
        ...(p.platform ? [{ name: 'Platform', value: escapeMarkdown(p.platform), inline: true }] : []),
        ...(files.length
          ? [{ name: 'Download', value: files.slice(0, MAX_FILES).map((f) => markdownLink(escapeMarkdown(f.filename), f.href)).join('\n') + (files.length > MAX_FILES ? `\nand ${files.length - MAX_FILES} more` : '') }]
          : []),
      ],
    };
  },
};

export const unity: Provider = schemaProvider({
  name: 'unity',
  displayName: 'Unity Cloud Build',
  description: 'Build status changes (queued, started, success, failure, canceled): project, target, number, platform, who started it and the artifacts to download.',
  docs: 'https://build-api.cloud.unity3d.com/docs/1.0.0/index.html#operation-webhooks-intro',
  event: always('build'),
  schemas,
  renderers,
});
