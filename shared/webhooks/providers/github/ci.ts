import { refOf, refPath } from '../../refUpdate';
import type { Renderers } from './schemas';
import { actionWords, author, body, about, inRepo, linkTo, outcome } from './words';
import { entryOf } from '../../render/entryOf';

/**
 * A check's news: a request (to run, to run again, a button pressed) by its action, since the
 * check it is about may have finished long before; else its conclusion, else its status.
 */
const checkOutcome = (action: string | undefined, check: { conclusion?: string; status?: string } | undefined) =>
  action && /requested/.test(action) ? outcome(action) : outcome(check?.conclusion, check?.status, action);

/** " on main", or nothing when no branch is named. */
const onBranch = (branch: string | undefined) => (branch ? ` on ${branch}` : '');
/** A commit message's first line as a description. */
const firstLine = (message: string | undefined) => body(message?.split('\n')[0]);
/** A commit's page, when the payload names both the repository and the commit. */
const commitPage = (home: string | undefined, sha: string | undefined) =>
  home && sha ? `${home}/commit/${sha}` : undefined;
/** "Deployment of master to production", as far as the payload names either. */
const deploymentOf = (ref: string | undefined, environment: string | undefined) =>
  `Deployment${ref ? ` of ${ref}` : ''}${environment ? ` to ${environment}` : ''}`;

/**
 * A merge group's news by its action, or when destroyed by why:
 * merged, invalidated (a check failed, the base moved) or dequeued.
 */
const MERGE_GROUP_NEWS: Record<string, [string, string]> = {
  checks_requested: ['Merge queue checks requested', 'for'],
  merged: ['Merge group merged', 'into'],
  invalidated: ['Merge group invalidated', 'for'],
  dequeued: ['Merge group dequeued', 'from'],
};

export const ciRenderers: Renderers<
  | 'workflow_run'
  | 'workflow_job'
  | 'check_run'
  | 'check_suite'
  | 'status'
  | 'deployment'
  | 'deployment_status'
  | 'merge_group'
> = {
  workflow_run: (p) => {
    const run = p.workflow_run;
    const [state, color] = outcome(run?.conclusion, run?.status, p.action);
    const name = run?.name || p.workflow?.name;
    return {
      title: `${inRepo(p.repository)}Workflow ${name ? `${name} ` : ''}${state}${onBranch(run?.head_branch)}`,
      ...linkTo(run?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color,
      ...body(run?.display_title),
    };
  },
  workflow_job: (p) => {
    const job = p.workflow_job;
    const [state, color] = outcome(job?.conclusion, job?.status, p.action);
    const name = [job?.workflow_name, job?.name].filter(Boolean).join(' / ');
    return {
      title: `${inRepo(p.repository)}Job ${name ? `${name} ` : ''}${state}${onBranch(job?.head_branch)}`,
      ...linkTo(job?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color,
    };
  },
  check_run: (p) => {
    const check = p.check_run;
    const [state, color] = checkOutcome(p.action, check);
    const branch = check?.head_branch || check?.check_suite?.head_branch;
    return {
      title: `${inRepo(p.repository)}Check ${check?.name ? `${check.name} ` : ''}${state}${onBranch(branch)}`,
      ...linkTo(check?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color,
    };
  },
  check_suite: (p) => {
    const suite = p.check_suite;
    const [state, color] = checkOutcome(p.action, suite);
    const app = suite?.app?.name;
    return {
      title: `${inRepo(p.repository)}Check suite ${app ? `${app} ` : ''}${state}${onBranch(suite?.head_branch)}`,
      ...linkTo(commitPage(p.repository?.html_url, suite?.head_sha), p.repository?.html_url),
      ...author(p.sender),
      color,
      ...firstLine(suite?.head_commit?.message),
    };
  },
  status: (p) => {
    const [, color] = outcome(p.state);
    const what = [p.state, p.sha && `on ${p.sha.slice(0, 7)}`].filter(Boolean).join(' ');
    return {
      title: `${inRepo(p.repository)}${about(p.context || 'Commit status', what)}`,
      ...linkTo(p.target_url, p.commit?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color,
      ...body(p.description),
    };
  },
  deployment: (p) => {
    const deployment = p.deployment;
    const news = p.action === 'created' || !p.action ? 'started' : p.action.replace(/_/g, ' ');
    return {
      title: `${inRepo(p.repository)}${deploymentOf(deployment?.ref, deployment?.environment)} ${news}`,
      ...linkTo(p.workflow_run?.html_url, commitPage(p.repository?.html_url, deployment?.sha), p.repository?.html_url),
      ...author(p.sender),
      color: outcome('in_progress')[1],
      ...body(deployment?.description),
    };
  },
  deployment_status: (p) => {
    const status = p.deployment_status;
    const [state, color] = outcome(status?.state);
    const environment = status?.environment || p.deployment?.environment;
    return {
      title: `${inRepo(p.repository)}${deploymentOf(p.deployment?.ref, environment)} ${state}`,
      ...linkTo(status?.environment_url, status?.target_url, status?.log_url, p.repository?.html_url),
      ...author(p.sender),
      color,
      ...body(status?.description),
    };
  },
  merge_group: (p) => {
    const group = p.merge_group;
    const base = group?.base_ref ? refOf(group.base_ref).name : undefined;
    const head = group?.head_ref ? refOf(group.head_ref).name : undefined;
    const why = p.action === 'destroyed' ? p.reason : p.action;
    const [news, preposition] = entryOf(MERGE_GROUP_NEWS, why ?? '') ?? [
      `Merge group ${actionWords(why ?? p.action)}`,
      'for',
    ];
    return {
      title: `${inRepo(p.repository)}${news}${base ? ` ${preposition} ${base}` : ''}`,
      ...linkTo(
        p.repository?.html_url && head ? `${p.repository.html_url}/tree/${refPath(head)}` : undefined,
        p.repository?.html_url,
      ),
      ...author(p.sender),
      color: outcome(p.reason === 'merged' ? 'success' : p.action === 'destroyed' ? 'cancelled' : 'queued')[1],
      ...body(group?.head_commit?.message),
    };
  },
};
