import * as z from 'zod/mini';
import type { Embed } from '../../../discord/message';
import type { TolerantOutput } from '../../tolerantRead';

/**
 * The fields GitHub's rendered events show, read tolerantly (tolerantRead.ts): any of them may be
 * absent, null or of another type, as older (GitHub Enterprise Server), newer or Gitea-made payloads
 * (sent to /github under X-GitHub-Event) have them; the renderers say what is there.
 * Built with the schemas on the first delivery, not at import.
 */
const parts = () => {
  const user = z.object({ login: z.string(), html_url: z.string(), avatar_url: z.string() });
  const repository = z.object({
    full_name: z.string(),
    name: z.string(),
    html_url: z.string(),
    owner: z.object({ login: z.string() }),
  });
  const base = { repository, sender: user, organization: z.object({ login: z.string() }) };
  const team = z.object({ name: z.string() });
  const milestone = z.object({ title: z.string() });
  // What pull_request and issues name besides their action: who
  // was (un)assigned or asked to review, which label or milestone.
  const change = {
    assignee: user,
    label: z.object({ name: z.string() }),
    milestone,
    requested_reviewer: user,
    requested_team: team,
  };
  const subject = { number: z.number(), title: z.string(), html_url: z.string(), body: z.string() };
  const pullRequest = z.object({
    ...subject,
    merged: z.boolean(),
    draft: z.boolean(),
    base: z.object({ ref: z.string() }),
    head: z.object({ ref: z.string() }),
  });
  const issue = z.object({ ...subject, state_reason: z.string(), pull_request: z.object({ html_url: z.string() }) });
  const comment = z.object({ html_url: z.string(), body: z.string(), user, path: z.string(), commit_id: z.string() });
  const commit = z.object({
    id: z.string(),
    url: z.string(),
    message: z.string(),
    author: z.object({ name: z.string(), username: z.string() }),
  });
  const advisory = z.object({
    ghsa_id: z.string(),
    cve_id: z.string(),
    summary: z.string(),
    description: z.string(),
    severity: z.string(),
    html_url: z.string(),
    references: z.array(z.object({ url: z.string() })),
  });
  const run = {
    name: z.string(),
    html_url: z.string(),
    head_branch: z.string(),
    status: z.string(),
    conclusion: z.string(),
  };
  return { user, repository, base, change, pullRequest, issue, comment, commit, advisory, run };
};

export const schemas = () => {
  const { user, repository, base, change, pullRequest, issue, comment, commit, advisory, run } = parts();
  const action = z.string();
  return {
    ping: z.object({ ...base, zen: z.string(), hook: z.object({ type: z.string() }) }),
    push: z.object({
      ...base,
      ref: z.string(),
      // Gitea names it compare_url (and older Gitea sends neither created nor deleted: a missing one means "no").
      compare: z.string(),
      compare_url: z.string(),
      created: z.boolean(),
      deleted: z.boolean(),
      forced: z.boolean(),
      commits: z.array(commit),
      pusher: z.object({ name: z.string() }),
    }),
    pull_request: z.object({ ...base, ...change, action, number: z.number(), pull_request: pullRequest }),
    issues: z.object({
      ...base,
      ...change,
      action,
      issue,
      changes: z.object({ title: z.object({ from: z.string() }) }),
    }),
    issue_comment: z.object({ ...base, action, issue, comment }),
    pull_request_review: z.object({
      ...base,
      action,
      review: z.object({ state: z.string(), html_url: z.string(), body: z.string(), user }),
      pull_request: pullRequest,
    }),
    pull_request_review_comment: z.object({ ...base, action, comment, pull_request: pullRequest }),
    pull_request_review_thread: z.object({
      ...base,
      action,
      pull_request: pullRequest,
      thread: z.object({ comments: z.array(comment) }),
    }),
    commit_comment: z.object({ ...base, action, comment }),
    discussion: z.object({
      ...base,
      action,
      discussion: z.object({
        number: z.number(),
        title: z.string(),
        html_url: z.string(),
        body: z.string(),
        category: z.object({ name: z.string() }),
      }),
      answer: z.object({ html_url: z.string(), body: z.string() }),
    }),
    discussion_comment: z.object({
      ...base,
      action,
      comment,
      discussion: z.object({ number: z.number(), title: z.string(), html_url: z.string() }),
    }),
    release: z.object({
      ...base,
      action,
      release: z.object({
        tag_name: z.string(),
        name: z.string(),
        html_url: z.string(),
        body: z.string(),
        prerelease: z.boolean(),
      }),
    }),
    create: z.object({ ...base, ref: z.string(), ref_type: z.string() }),
    delete: z.object({ ...base, ref: z.string(), ref_type: z.string() }),
    fork: z.object({ ...base, forkee: repository }),
    star: z.object({ ...base, action }),
    watch: z.object({ ...base, action }),
    public: z.object(base),
    member: z.object({
      ...base,
      action,
      member: user,
      changes: z.object({ permission: z.object({ to: z.string() }), old_permission: z.object({ from: z.string() }) }),
    }),
    repository: z.object({
      ...base,
      action,
      changes: z.object({
        repository: z.object({ name: z.object({ from: z.string() }) }),
        owner: z.object({ from: z.object({ user, organization: z.object({ login: z.string() }) }) }),
      }),
    }),
    label: z.object({
      ...base,
      action,
      label: z.object({ name: z.string(), description: z.string() }),
      changes: z.object({ name: z.object({ from: z.string() }) }),
    }),
    workflow_run: z.object({
      ...base,
      action,
      workflow_run: z.object({ ...run, display_title: z.string() }),
      workflow: z.object({ name: z.string() }),
    }),
    workflow_job: z.object({ ...base, action, workflow_job: z.object({ ...run, workflow_name: z.string() }) }),
    check_run: z.object({
      ...base,
      action,
      check_run: z.object({ ...run, check_suite: z.object({ head_branch: z.string() }) }),
    }),
    check_suite: z.object({
      ...base,
      action,
      check_suite: z.object({
        head_branch: z.string(),
        head_sha: z.string(),
        status: z.string(),
        conclusion: z.string(),
        app: z.object({ name: z.string() }),
        head_commit: z.object({ message: z.string() }),
      }),
    }),
    merge_group: z.object({
      ...base,
      action,
      reason: z.string(),
      merge_group: z.object({
        head_ref: z.string(),
        base_ref: z.string(),
        head_commit: z.object({ message: z.string() }),
      }),
    }),
    deployment: z.object({
      ...base,
      action,
      deployment: z.object({ ref: z.string(), environment: z.string(), description: z.string(), sha: z.string() }),
      workflow_run: z.object({ html_url: z.string() }),
    }),
    deployment_status: z.object({
      ...base,
      deployment_status: z.object({
        state: z.string(),
        environment: z.string(),
        description: z.string(),
        target_url: z.string(),
        log_url: z.string(),
        environment_url: z.string(),
      }),
      deployment: z.object({ ref: z.string(), environment: z.string() }),
    }),
    status: z.object({
      ...base,
      sha: z.string(),
      state: z.string(),
      context: z.string(),
      description: z.string(),
      target_url: z.string(),
      commit: z.object({ html_url: z.string() }),
    }),
    gollum: z.object({
      ...base,
      pages: z.array(z.object({ title: z.string(), action: z.string(), html_url: z.string() })),
    }),
    security_advisory: z.object({ action, security_advisory: advisory }),
    dependabot_alert: z.object({
      ...base,
      action,
      alert: z.object({
        number: z.number(),
        html_url: z.string(),
        dependency: z.object({
          package: z.object({ name: z.string(), ecosystem: z.string() }),
          manifest_path: z.string(),
        }),
        security_advisory: advisory,
        security_vulnerability: z.object({ first_patched_version: z.object({ identifier: z.string() }) }),
      }),
    }),
    sponsorship: z.object({
      ...base,
      action,
      sponsorship: z.object({ sponsor: user, sponsorable: user, tier: z.object({ name: z.string() }) }),
      changes: z.object({ tier: z.object({ from: z.object({ name: z.string() }) }) }),
      effective_date: z.string(),
    }),
  };
};

export type EventName = keyof ReturnType<typeof schemas>;
/** What a renderer of event E gets (tolerantRead.ts): every field optional, never null. */
export type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;
/** A person as payloads name them (sender, author, member), any part of it missing. */
export type User = TolerantOutput<ReturnType<typeof parts>['user']> | undefined;
/** Renderers for some of the events. */
export type Renderers<E extends EventName> = { [K in E]: (p: Payload<K>) => Embed };
