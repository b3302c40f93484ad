import type { Provider } from '../provider';
import { github } from './github';
import { gitlab } from './gitlab';
import { bitbucket } from './bitbucket';
import { circleci } from './circleci';
import { doppler } from './doppler';
import { dockerhub } from './dockerhub';
import { sentry } from './sentry';
import { heroku } from './heroku';
import { stripe } from './stripe';
import { square } from './square';
import { buildkite } from './buildkite';
import { bitbucketServer } from './bitbucketServer';
import { forgejo, gitea, gogs } from './gitea';
import { zendesk } from './zendesk';
import { trello } from './trello';
import { jira } from './jira';
import { confluence } from './confluence';
import { linear } from './linear';
import { shopify } from './shopify';
import { patreon } from './patreon';
import { revenuecat } from './revenuecat';
import { huggingface } from './huggingface';
import { instana } from './instana';
import { pingdom } from './pingdom';
import { uptimerobot } from './uptimerobot';
import { rollbar } from './rollbar';
import { newrelic } from './newrelic';
import { appcenter } from './appcenter';
import { appveyor } from './appveyor';
import { azuredevops } from './azuredevops';
import { travis } from './travis';
import { unity } from './unity';
import { jenkins } from './jenkins';
import { codacy } from './codacy';
import { basecamp } from './basecamp';

/** Every provider the relay speaks; GET /webhooks lists them and the route accepts their names. */
export const providers: readonly Provider[] = [
  github,
  gitlab,
  bitbucket,
  circleci,
  doppler,
  dockerhub,
  sentry,
  heroku,
  stripe,
  square,
  buildkite,
  bitbucketServer,
  gitea,
  forgejo,
  gogs,
  zendesk,
  trello,
  jira,
  confluence,
  linear,
  shopify,
  patreon,
  revenuecat,
  huggingface,
  instana,
  pingdom,
  uptimerobot,
  rollbar,
  newrelic,
  appcenter,
  appveyor,
  azuredevops,
  travis,
  unity,
  jenkins,
  codacy,
  basecamp,
];
export const providerNames = providers.map((provider) => provider.name) as [string, ...string[]];
export const providerNamed = (name: string): Provider | undefined =>
  providers.find((provider) => provider.name === name);
