import { escapeMarkdown, inlineCode, markdownLink, type Embed } from '../../../discord/message';
import { COLORS } from '../../provider';
import { formatSeconds } from '../duration';
import { commitText, linked, pageOf, placeOf, titled, userOf, webOf } from './common';
import { numbered } from '../../render/titles';
import { colorOf, deploymentWords, statusWords } from './words';
import type { Payload } from './schemas';

/** Pipelines, jobs, deployments and feature flags. */

/** "#31" when there is a number. */
const number = (id: number | undefined) => (id !== undefined ? ` #${id}` : '');
/** " on main" when the ref is known. */
const onRef = (ref: string | undefined) => (ref ? ` on ${ref}` : '');
/** A duration in seconds as a field, when there is one. */
function durationField(seconds: number | undefined) {
  const value = seconds === undefined ? undefined : formatSeconds(seconds);
  return value ? [{ name: 'Duration', value, inline: true }] : [];
}

/** The jobs that failed a pipeline (those allowed to fail do not), by name. */
function failedField(builds: { name?: string; status?: string; allow_failure?: boolean }[] | undefined) {
  const failed = (builds ?? [])
    .filter((b) => b.status === 'failed' && b.allow_failure !== true && b.name)
    .map((b) => b.name ?? '');
  return failed.length ? [{ name: 'Failed jobs', value: escapeMarkdown(failed.join(', ')) }] : [];
}

export const ciRenderers = {
  'Pipeline Hook': (p: Payload<'Pipeline Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    const commit = commitText(p.commit);
    // A merge request pipeline's merge request.
    const mergeRequest = numbered(p.merge_request?.iid, p.merge_request?.title, '!');
    return {
      title: titled(placeOf(p), `Pipeline${number(a.id)} ${statusWords(a.status)}${onRef(a.ref)}`),
      ...linked(a.url || (a.id !== undefined ? pageOf(p, `-/pipelines/${a.id}`) : undefined) || webOf(p)),
      ...userOf(p.user, p),
      color: colorOf(a.status),
      ...(commit ? { description: commit } : {}),
      fields: [
        ...(mergeRequest
          ? [{ name: 'Merge request', value: markdownLink(escapeMarkdown(mergeRequest), p.merge_request?.url) }]
          : []),
        ...failedField(p.builds),
        ...durationField(a.duration),
      ],
    };
  },
  'Job Hook': (p: Payload<'Job Hook'>): Embed => {
    // Older GitLab sends `repository` (whose page gives the path)
    // and project_name (its full name) instead of `project`.
    const place = placeOf(p) || p.project_name;
    const name = [p.build_name, p.build_id !== undefined ? `#${p.build_id}` : ''].filter(Boolean).join(' ');
    // A job allowed to fail fails without failing its pipeline: GitLab shows it in warning colours.
    const allowed = p.build_status === 'failed' && p.build_allow_failure === true;
    const allowedNote = allowed ? ' (allowed to fail)' : '';
    return {
      title: titled(place, `Job${name ? ` ${name}` : ''} ${statusWords(p.build_status)}${allowedNote}${onRef(p.ref)}`),
      ...linked((p.build_id !== undefined ? pageOf(p, `-/jobs/${p.build_id}`) : undefined) ?? webOf(p)),
      ...userOf(p.user, p),
      color: allowed ? COLORS.warning : colorOf(p.build_status),
      ...(p.build_status === 'failed' && p.build_failure_reason
        ? { description: escapeMarkdown(p.build_failure_reason.replace(/_/g, ' ')) }
        : {}),
      fields: [
        ...(p.build_stage ? [{ name: 'Stage', value: escapeMarkdown(p.build_stage), inline: true }] : []),
        ...durationField(p.build_duration),
      ],
    };
  },
  'Deployment Hook': (p: Payload<'Deployment Hook'>): Embed => ({
    title: titled(placeOf(p), `Deployment${p.environment ? ` to ${p.environment}` : ''} ${deploymentWords(p.status)}`),
    // A finished deployment's place is its environment; one under way or failed, its job.
    ...linked(
      (p.status === 'success' ? p.environment_external_url : undefined) ||
        p.deployable_url ||
        p.environment_external_url ||
        webOf(p),
    ),
    ...userOf(p.user, p),
    color: colorOf(p.status),
    ...(p.short_sha || p.commit_title
      ? {
          description: [
            p.short_sha ? markdownLink(inlineCode(p.short_sha), p.commit_url) : '',
            p.commit_title ? escapeMarkdown(p.commit_title) : '',
          ]
            .filter(Boolean)
            .join(' '),
        }
      : {}),
  }),
  'Feature Flag Hook': (p: Payload<'Feature Flag Hook'>): Embed => {
    const { name, active, description } = p.object_attributes ?? {};
    const news = active === undefined ? 'changed' : active ? 'turned on' : 'turned off';
    return {
      title: titled(placeOf(p), `Feature flag${name ? ` ${name}` : ''} ${news}`),
      ...linked(pageOf(p, '-/feature_flags')),
      ...userOf(p.user, p),
      color: active ? COLORS.created : COLORS.neutral,
      ...(description ? { description: escapeMarkdown(description) } : {}),
    };
  },
};
