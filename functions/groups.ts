import type { FunctionGroup } from '../shared/routes/table';
import type { GroupManifest } from '../shared/runtime/groupManifest';
import type { LambdaHandler } from '../shared/runtime/middlewareChain';
import bots from './bots/group';
import dashboard from './dashboard/group';
import docs from './docs/group';
import filters from './filters/group';
import generators from './generators/group';
import overlays from './overlays/group';
import rankCard from './rank-card/group';
import webhooks from './webhooks/group';

/**
 * Every function group's manifest, in the order the OpenAPI document lists their tags. A group
 * named by the route table without a manifest here does not compile.
 */
const manifests: { [G in FunctionGroup]: GroupManifest<G> } = {
  'rank-card': rankCard,
  filters,
  generators,
  overlays,
  bots,
  webhooks,
  dashboard,
  docs,
};

export const groupManifests: GroupManifest[] = Object.values(manifests);

export const manifestOf = <G extends FunctionGroup>(group: G): GroupManifest<G> => manifests[group];

/** The OpenAPI document's tags: one per group. */
export const groupTags = () => groupManifests.map(({ name, tag }) => ({ name, description: tag }));

/** A group's Lambda entry point, as the CDK stack bundles it (from the project root) ... */
export const groupEntry = (group: FunctionGroup) => `functions/${group}/index.ts`;

/** ... and as the local server loads it, on the group's first request. */
export const importGroup = (group: FunctionGroup): Promise<{ handler: LambdaHandler }> => import(`./${group}/index`);
