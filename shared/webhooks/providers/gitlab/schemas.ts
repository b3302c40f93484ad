import * as z from 'zod/mini';
import type { TolerantOutput } from '../../tolerantRead';

/**
 * What each rendered GitLab event shows, read tolerantly (tolerantRead.ts): every field may be
 * missing in a delivery from an older, newer or self-hosted GitLab, and the renderers say what is there.
 */

/** The parts several events share, built with the schemas on the first delivery, not at import. */
const parts = () => {
  const project = z.object({ name: z.string(), path_with_namespace: z.string(), web_url: z.string() });
  // Older GitLab (before 8.5) names the project only in `repository`, its page as homepage.
  const repository = z.object({ name: z.string(), homepage: z.string() });
  const user = z.object({ name: z.string(), username: z.string(), avatar_url: z.string() });
  const commit = z.object({
    id: z.string(),
    message: z.string(),
    url: z.string(),
    author: z.object({ name: z.string() }),
  });
  /**
   * What an update changed: its names are shown; a merge request's draft flag says more (marked as draft, or ready).
   */
  const changes = z.looseObject({
    draft: z.object({ current: z.boolean() }),
    work_in_progress: z.object({ current: z.boolean() }),
  });
  const where = { project, repository };
  return { where, user, commit, changes };
};

export const schemas = () => {
  const { where, user, commit, changes } = parts();
  const pushed = {
    ...where,
    ref: z.string(),
    before: z.string(),
    after: z.string(),
    user_name: z.string(),
    user_username: z.string(),
    user_avatar: z.string(),
  };
  // Issues and work items (tasks, epics, incidents...) share one shape; `type` says which.
  const issue = z.object({
    iid: z.number(),
    title: z.string(),
    url: z.string(),
    action: z.string(),
    state: z.string(),
    description: z.string(),
    type: z.string(),
    confidential: z.boolean(),
  });
  const mergeRequest = z.object({
    iid: z.number(),
    title: z.string(),
    url: z.string(),
    action: z.string(),
    state: z.string(),
    description: z.string(),
    oldrev: z.string(),
    source_branch: z.string(),
    target_branch: z.string(),
  });
  const item = z.object({ iid: z.number(), title: z.string(), url: z.string() });
  const snippet = z.object({ id: z.number(), title: z.string(), url: z.string() });
  /** What a comment or a reaction is on, beside it under its own name. */
  const subjects = { issue: item, merge_request: item, snippet, commit: z.object({ id: z.string(), url: z.string() }) };
  return {
    'Push Hook': z.object({ ...pushed, total_commits_count: z.number(), commits: z.array(commit) }),
    'Tag Push Hook': z.object({ ...pushed, checkout_sha: z.string(), message: z.string() }),
    'Issue Hook': z.object({
      ...where,
      object_kind: z.string(),
      event_type: z.string(),
      user,
      object_attributes: issue,
      changes,
    }),
    'Merge Request Hook': z.object({ ...where, user, object_attributes: mergeRequest, changes }),
    'Note Hook': z.object({
      ...where,
      ...subjects,
      event_type: z.string(),
      user,
      object_attributes: z.object({
        note: z.string(),
        url: z.string(),
        noteable_type: z.string(),
        commit_id: z.string(),
        action: z.string(),
        // A comment on a line of a diff (type DiffNote) says where.
        position: z.object({ new_path: z.string(), old_path: z.string(), new_line: z.number(), old_line: z.number() }),
      }),
    }),
    'Pipeline Hook': z.object({
      ...where,
      user,
      commit,
      merge_request: item,
      object_attributes: z.object({
        id: z.number(),
        name: z.string(),
        ref: z.string(),
        status: z.string(),
        url: z.string(),
        duration: z.number(),
      }),
      builds: z.array(z.object({ name: z.string(), status: z.string(), allow_failure: z.boolean() })),
    }),
    'Job Hook': z.object({
      ...where,
      // Older GitLab sends no `project`, only project_name (its path) beside `repository`.
      project_name: z.string(),
      user,
      ref: z.string(),
      build_id: z.number(),
      build_name: z.string(),
      build_stage: z.string(),
      build_status: z.string(),
      build_failure_reason: z.string(),
      build_allow_failure: z.boolean(),
      build_duration: z.number(),
    }),
    'Deployment Hook': z.object({
      ...where,
      user,
      status: z.string(),
      environment: z.string(),
      deployable_url: z.string(),
      environment_external_url: z.string(),
      short_sha: z.string(),
      commit_url: z.string(),
      commit_title: z.string(),
    }),
    'Release Hook': z.object({
      ...where,
      name: z.string(),
      tag: z.string(),
      url: z.string(),
      action: z.string(),
      description: z.string(),
    }),
    'Wiki Page Hook': z.object({
      ...where,
      user,
      wiki: z.object({ web_url: z.string() }),
      object_attributes: z.object({ title: z.string(), url: z.string(), action: z.string(), message: z.string() }),
    }),
    'Feature Flag Hook': z.object({
      ...where,
      user,
      object_attributes: z.object({ name: z.string(), description: z.string(), active: z.boolean() }),
    }),
    'Milestone Hook': z.object({
      ...where,
      group: z.object({ full_path: z.string(), group_path: z.string() }),
      action: z.string(),
      object_attributes: z.object({
        iid: z.number(),
        title: z.string(),
        description: z.string(),
        due_date: z.string(),
        state: z.string(),
      }),
    }),
    'Emoji Hook': z.object({
      ...where,
      ...subjects,
      user,
      note: z.object({ noteable_type: z.string() }),
      object_attributes: z.object({
        name: z.string(),
        action: z.string(),
        awardable_type: z.string(),
        awarded_on_url: z.string(),
      }),
    }),
    'Vulnerability Hook': z.object({
      object_attributes: z.object({
        url: z.string(),
        title: z.string(),
        state: z.string(),
        severity: z.string(),
        report_type: z.string(),
        location: z.object({ file: z.string() }),
      }),
    }),
    // Group webhooks only (and System Hooks of the same shape): members, subgroups and projects of the group.
    'Member Hook': z.object({
      event_name: z.string(),
      group_path: z.string(),
      group_name: z.string(),
      user_name: z.string(),
      user_username: z.string(),
      group_access: z.string(),
      expires_at: z.string(),
    }),
    'Subgroup Hook': z.object({
      event_name: z.string(),
      name: z.string(),
      full_path: z.string(),
      parent_full_path: z.string(),
    }),
    'Project Hook': z.object({
      event_name: z.string(),
      name: z.string(),
      path_with_namespace: z.string(),
      project_visibility: z.string(),
    }),
    'Resource Access Token Hook': z.object({
      ...where,
      // A group's token: full_path, which GitLab before 17.4 leaves out (group_path, group_name then name it).
      group: z.object({ full_path: z.string(), group_path: z.string(), group_name: z.string() }),
      object_attributes: z.object({ name: z.string(), expires_at: z.string() }),
    }),
  };
};

export type EventName = keyof ReturnType<typeof schemas>;
export type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
type Parts = ReturnType<typeof parts>;
export type User = TolerantOutput<Parts['user']>;
export type Commit = TolerantOutput<Parts['commit']>;
export type Where = {
  project?: TolerantOutput<Parts['where']['project']>;
  repository?: TolerantOutput<Parts['where']['repository']>;
};
