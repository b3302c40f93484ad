import * as z from 'zod/mini';
import { escapeMarkdown, type Embed } from '../../discord/message';
import { COLORS } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { browseUrl, jiraParts } from './jiraParts';
import { entryOf } from '../render/entryOf';

/**
 * Jira's events about what surrounds issues: links between issues, projects, versions and work
 * logs (https://developer.atlassian.com/cloud/jira/platform/webhooks/). Their payloads name issues
 * by id only, and what a version or site leaves out is left out of the message.
 */

const LINK_EVENTS = ['issuelink_created', 'issuelink_deleted'] as const;
const PROJECT_EVENTS = [
  'project_created',
  'project_updated',
  'project_deleted',
  'project_soft_deleted',
  'project_restored_deleted',
  'project_archived',
  'project_restored_archived',
] as const;
const VERSION_EVENTS = [
  'jira:version_created',
  'jira:version_updated',
  'jira:version_released',
  'jira:version_unreleased',
  'jira:version_moved',
  'jira:version_deleted',
] as const;
const WORKLOG_EVENTS = ['worklog_created', 'worklog_updated', 'worklog_deleted'] as const;

const schemaParts = () => {
  const { person, named } = jiraParts();
  const version = z.object({
    name: z.string(),
    description: z.string(),
    startDate: z.string(),
    releaseDate: z.string(),
  });
  return {
    link: z.object({
      issueLink: z.object({
        sourceIssueId: z.string(),
        destinationIssueId: z.string(),
        issueLinkType: z.object({ name: z.string(), outwardName: z.string() }),
      }),
    }),
    project: z.object({
      project: z.object({
        key: z.string(),
        name: z.string(),
        self: z.string(),
        projectLead: person,
        projectCategory: named,
      }),
    }),
    version: z.object({ version, mergedTo: version }),
    worklog: z.object({
      worklog: z.object({
        issueId: z.string(),
        timeSpent: z.string(),
        comment: z.string(),
        author: person,
        updateAuthor: person,
      }),
    }),
  };
};
type Parts = ReturnType<typeof schemaParts>;
type Read<K extends keyof Parts> = TolerantOutput<Parts[K]>;

/** The same schema for each of `events`. */
const each = <K extends string, S>(events: readonly K[], schema: S) =>
  Object.fromEntries(events.map((event) => [event, schema])) as Record<K, S>;
/** The same renderer for each of `events`, told which it renders. */
const eachRendered = <K extends string, P>(events: readonly K[], render: (p: P, event: K) => Embed) =>
  Object.fromEntries(events.map((event) => [event, (p: P) => render(p, event)])) as Record<K, (p: P) => Embed>;

export const jiraOtherSchemas = () => {
  const parts = schemaParts();
  return {
    ...each(LINK_EVENTS, parts.link),
    ...each(PROJECT_EVENTS, parts.project),
    ...each(VERSION_EVENTS, parts.version),
    ...each(WORKLOG_EVENTS, parts.worklog),
  };
};

/** The action an event's name ends with, in words: "project_soft_deleted" -> "moved to the trash". */
const ACTION_WORDS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  soft_deleted: 'moved to the trash',
  restored_deleted: 'restored from the trash',
  archived: 'archived',
  restored_archived: 'restored from the archive',
  released: 'released',
  unreleased: 'unreleased',
  moved: 'moved',
};
const actionOf = (event: string, kind: string) =>
  entryOf(ACTION_WORDS, event.replace(/^jira:/, '').slice(kind.length + 1)) ?? 'updated';
const colorOf = (action: string) =>
  action === 'created' || action === 'released'
    ? COLORS.created
    : /deleted|trash/.test(action)
      ? COLORS.closed
      : COLORS.info;
const field = (name: string, value: string | undefined) =>
  value ? [{ name, value: escapeMarkdown(value), inline: true }] : [];
const withFields = (list: NonNullable<Embed['fields']>) => (list.length ? { fields: list } : {});

function linkEmbed(p: Read<'link'>, event: string): Embed {
  const { sourceIssueId: from, destinationIssueId: to, issueLinkType: type } = p.issueLink ?? {};
  const action = event === 'issuelink_deleted' ? 'removed' : 'created';
  // The payload names the issues by id only (no key, no summary).
  const what = from && to ? `: issue ${from} ${type?.outwardName || 'linked to'} issue ${to}` : '';
  return {
    title: `Issue link ${action}${what}`,
    color: action === 'created' ? COLORS.created : COLORS.neutral,
    ...withFields(field('Link type', type?.name)),
  };
}

function projectEmbed(p: Read<'project'>, event: string): Embed {
  const { key, name, self, projectLead, projectCategory } = p.project ?? {};
  const action = actionOf(event, 'project');
  const named = name && key ? `${name} (${key})` : name || key;
  const url = self && key && !/deleted/.test(event) ? browseUrl({ self, key }) : undefined;
  return {
    title: `Project ${action}${named ? `: ${named}` : ''}`,
    ...(url ? { url } : {}),
    color: colorOf(action),
    ...withFields([...field('Lead', projectLead?.displayName), ...field('Category', projectCategory?.name)]),
  };
}

function versionEmbed(p: Read<'version'>, event: string): Embed {
  const { name, description, startDate, releaseDate } = p.version ?? {};
  const action = actionOf(event, 'version');
  // A version merged into another is sent as its deletion, naming where it went.
  const merged = action === 'deleted' && p.mergedTo?.name ? `Version merged into ${p.mergedTo.name}` : undefined;
  return {
    title: `${merged ?? `Version ${action}`}${name ? `: ${name}` : ''}`,
    color: merged ? COLORS.merged : colorOf(action),
    ...(description ? { description: escapeMarkdown(description) } : {}),
    ...withFields([...field('Start date', startDate), ...field('Release date', releaseDate)]),
  };
}

function worklogEmbed(p: Read<'worklog'>, event: string): Embed {
  const { issueId, timeSpent, comment, author, updateAuthor } = p.worklog ?? {};
  const action = actionOf(event, 'worklog');
  const words = action === 'created' ? 'Work logged' : `Work log ${action}`;
  const who = (action === 'created' ? author : updateAuthor)?.displayName || author?.displayName;
  return {
    title:
      `${words}${issueId ? ` on issue ${issueId}` : ''}` +
      `${timeSpent && action !== 'deleted' ? `: ${timeSpent}` : ''}`,
    ...(who ? { author: { name: who } } : {}),
    color: action === 'deleted' ? COLORS.neutral : COLORS.info,
    ...(comment && action !== 'deleted' ? { description: escapeMarkdown(comment) } : {}),
  };
}

export const jiraOtherRenderers = {
  ...eachRendered(LINK_EVENTS, linkEmbed),
  ...eachRendered(PROJECT_EVENTS, projectEmbed),
  ...eachRendered(VERSION_EVENTS, versionEmbed),
  ...eachRendered(WORKLOG_EVENTS, worklogEmbed),
};
