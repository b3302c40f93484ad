import { COLORS } from '../../provider';
import { spaced } from './common';
import { entryOf } from '../../render/entryOf';

/**
 * GitLab's bare verbs and status names in English. object_attributes.action (a release's and a
 * milestone's action) is a verb ("open", "merge"); "approval" and "unapproval" are one reviewer's,
 * "approved" and "unapproved" the merge request's as a whole (all approvals given, or no longer).
 */
const ACTION_WORDS: Record<string, string> = {
  open: 'opened',
  close: 'closed',
  reopen: 'reopened',
  update: 'updated',
  merge: 'merged',
  approved: 'approved',
  unapproved: 'unapproved',
  approval: 'approval added',
  unapproval: 'approval removed',
  create: 'created',
  delete: 'deleted',
};

/**
 * An action in words; without one (GitLab before 9), the state the thing is in ("opened", "merged"), else "updated".
 */
export const actionWords = (action: string | undefined, state?: string): string =>
  action ? (entryOf(ACTION_WORDS, action) ?? spaced(action)) : state ? spaced(state) : 'updated';

/** A pipeline's or job's status as GitLab's pages say it ("success" is "passed"). */
const STATUS_WORDS: Record<string, string> = { success: 'passed', manual: 'waiting for manual action' };
export const statusWords = (status: string | undefined): string =>
  status ? (entryOf(STATUS_WORDS, status) ?? spaced(status)) : 'updated';

/** A deployment's status: one that is running has started. */
const DEPLOYMENT_WORDS: Record<string, string> = { success: 'succeeded', running: 'started' };
export const deploymentWords = (status: string | undefined): string =>
  status ? (entryOf(DEPLOYMENT_WORDS, status) ?? spaced(status)) : 'updated';

/** The colour of an action, state or status GitLab names. */
const COLOR_OF: Record<string, number> = {
  open: COLORS.created,
  opened: COLORS.created,
  reopen: COLORS.created,
  reopened: COLORS.created,
  create: COLORS.created,
  active: COLORS.created,
  merge: COLORS.merged,
  merged: COLORS.merged,
  close: COLORS.closed,
  closed: COLORS.closed,
  delete: COLORS.closed,
  success: COLORS.created,
  failed: COLORS.closed,
  canceled: COLORS.neutral,
  skipped: COLORS.neutral,
  created: COLORS.neutral,
  running: COLORS.warning,
  pending: COLORS.warning,
  manual: COLORS.warning,
  approved: COLORS.created,
  approval: COLORS.created,
  unapproved: COLORS.warning,
  unapproval: COLORS.warning,
  detected: COLORS.closed,
  confirmed: COLORS.closed,
  dismissed: COLORS.neutral,
  resolved: COLORS.created,
};
/** The colour of the first of `names` GitLab gives one to; informative otherwise. */
export const colorOf = (...names: (string | undefined)[]): number =>
  names.reduce<number | undefined>((found, name) => found ?? (name ? entryOf(COLOR_OF, name) : undefined), undefined) ??
  COLORS.info;

/** What a group's event did, in words, by its event_name. */
const GROUP_EVENTS: Record<string, { words: string; color: number }> = {
  user_add_to_group: { words: 'joined', color: COLORS.created },
  user_update_for_group: { words: 'access changed', color: COLORS.info },
  user_remove_from_group: { words: 'left', color: COLORS.closed },
  user_access_request_to_group: { words: 'requested access', color: COLORS.warning },
  user_access_request_denied_for_group: { words: 'was denied access', color: COLORS.neutral },
  subgroup_create: { words: 'created', color: COLORS.created },
  subgroup_destroy: { words: 'removed', color: COLORS.closed },
  project_create: { words: 'created', color: COLORS.created },
  project_destroy: { words: 'deleted', color: COLORS.closed },
};
export const groupEvent = (name: string | undefined): { words: string; color: number } =>
  (name && entryOf(GROUP_EVENTS, name)) || { words: name ? spaced(name) : 'changed', color: COLORS.info };
