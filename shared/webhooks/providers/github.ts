import { fromField, fromHeader, schemaProvider, type Provider } from '../provider';
import { ciRenderers } from './github/ci';
import { issueRenderers } from './github/issues';
import { pullRenderers } from './github/pulls';
import { repoRenderers } from './github/repo';
import { schemas, type EventName, type Renderers } from './github/schemas';
import { securityRenderers } from './github/security';

/**
 * GitHub: the event is X-GitHub-Event, the delivery id X-GitHub-Delivery; bodies are JSON or
 * form-encoded (`payload=`). Each rendered event has a schema (github/schemas.ts) and a renderer
 * (github/*.ts); events that tell a channel nothing are answered "ignored".
 */
// Listed (GET /webhooks, a filter's error) most common first: a ping, pushes, pull requests, issues.
const { ping, push, ...repositoryNews } = repoRenderers;
const renderers: Renderers<EventName> = {
  ping,
  push,
  ...pullRenderers,
  ...issueRenderers,
  ...repositoryNews,
  ...ciRenderers,
  ...securityRenderers,
};

export const github: Provider = schemaProvider({
  name: 'github',
  displayName: 'GitHub',
  description:
    'Pushes, branches and tags, pull requests and their reviews, issues, comments (issues, pull requests, ' +
    'commits, reviews, discussions), discussions, releases, workflow runs and jobs, checks and check suites, ' +
    'statuses, deployments, merge queues, wiki pages, collaborators, repositories, labels, security ' +
    'advisories, Dependabot alerts, sponsorships, stars and forks.',
  docs: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads',
  signature: { kind: 'hmac', header: 'X-Hub-Signature-256', algorithm: 'sha256', encoding: 'hex', prefix: 'sha256=' },
  event: fromHeader('X-GitHub-Event'),
  action: fromField('action'),
  deliveryId: fromHeader('X-GitHub-Delivery'),
  schemas,
  renderers,
});
