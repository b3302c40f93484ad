import type { Embed } from '../../discord/message';
import { firstOf, fromField, fromHeader, schemaProvider, type Locator, type Provider } from '../provider';
import { ciRenderers } from './gitlab/ci';
import { groupRenderers } from './gitlab/group';
import { planningRenderers } from './gitlab/planning';
import { repositoryRenderers } from './gitlab/repository';
import { schemas, type EventName, type Payload } from './gitlab/schemas';

/**
 * GitLab: the event is the X-Gitlab-Event header ("Push Hook", ...), the delivery id
 * X-Gitlab-Event-UUID; bodies are JSON, read tolerantly (gitlab/schemas.ts): a delivery of an
 * older, newer or self-hosted GitLab renders with what it carries.
 */

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  ...repositoryRenderers,
  ...planningRenderers,
  ...ciRenderers,
  ...groupRenderers,
};

/**
 * Older and special names GitLab gives the same events (a confidential one's
 * title says so, from its event_type: the channel chose to receive them).
 */
const ALIASES: Record<string, EventName> = {
  'Build Hook': 'Job Hook',
  'Confidential Issue Hook': 'Issue Hook',
  'Confidential Note Hook': 'Note Hook',
};
/**
 * Events by the body's object_kind: what "System Hook" and "Service Hook" deliveries (or a missing
 * header) are. System Hooks of pushes, tags and a group's members and projects name theirs by
 * event_name instead, in the shape of the group webhooks' events.
 */
const BY_KIND: Record<string, EventName> = {
  push: 'Push Hook',
  tag_push: 'Tag Push Hook',
  merge_request: 'Merge Request Hook',
  issue: 'Issue Hook',
  work_item: 'Issue Hook',
  note: 'Note Hook',
  pipeline: 'Pipeline Hook',
  release: 'Release Hook',
  build: 'Job Hook',
  deployment: 'Deployment Hook',
  feature_flag: 'Feature Flag Hook',
  wiki_page: 'Wiki Page Hook',
  emoji: 'Emoji Hook',
  access_token: 'Resource Access Token Hook',
  milestone: 'Milestone Hook',
  vulnerability: 'Vulnerability Hook',
  user_add_to_group: 'Member Hook',
  user_update_for_group: 'Member Hook',
  user_remove_from_group: 'Member Hook',
  project_create: 'Project Hook',
  project_destroy: 'Project Hook',
};
const header = fromHeader('X-Gitlab-Event');
const objectKind = firstOf(fromField('object_kind'), fromField('event_name'));
/**
 * The event: the header's, by its current name; for a hook named for its
 * source rather than its event, the body's object_kind (or event_name).
 */
const gitlabEvent: Locator = {
  describe: `${header.describe} or ${objectKind.describe}`,
  headers: header.headers,
  find(delivery, json) {
    const named = header.find(delivery, json);
    if (named && named !== 'System Hook' && named !== 'Service Hook')
      return (Object.hasOwn(ALIASES, named) ? ALIASES[named] : undefined) ?? named;
    const kind = objectKind.find(delivery, json);
    return (kind && Object.hasOwn(BY_KIND, kind) ? BY_KIND[kind] : undefined) ?? named;
  },
};

/**
 * GitLab's Idempotency-Key (17.4+) is the same on every retry of one delivery. X-Gitlab-Event-UUID
 * is shared by all hooks one action fires (a comment with /close sends a Note Hook and an Issue
 * Hook), so without the key the event name joins it: two events of one action are two deliveries.
 */
const idempotencyKey = fromHeader('Idempotency-Key');
const eventUuid = fromHeader('X-Gitlab-Event-UUID');
const gitlabDeliveryId: Locator = {
  describe: `${idempotencyKey.describe} or ${eventUuid.describe}`,
  headers: [...idempotencyKey.headers, ...eventUuid.headers],
  find(delivery, json) {
    const key = idempotencyKey.find(delivery, json);
    if (key) return key;
    const uuid = eventUuid.find(delivery, json);
    return uuid && `${delivery.headers['x-gitlab-event'] ?? ''}:${uuid}`;
  },
};

export const gitlab: Provider = schemaProvider({
  name: 'gitlab',
  displayName: 'GitLab',
  description:
    'Pushes, tags, merge requests (approvals and pushes too), issues and other work items (confidential ones too), ' +
    'comments, pipelines, jobs, deployments, feature flags, releases, milestones, wiki pages, emoji reactions, ' +
    "vulnerabilities, expiring access tokens, and a group's members, subgroups and projects; " +
    'System and Service Hook deliveries by their object_kind.',
  docs: 'https://docs.gitlab.com/user/project/integrations/webhook_events/',
  signature: { kind: 'token', header: 'X-Gitlab-Token' },
  event: gitlabEvent,
  deliveryId: gitlabDeliveryId,
  action: firstOf(fromField('object_attributes', 'action'), fromField('action'), fromField('event_name')),
  schemas,
  renderers,
});
