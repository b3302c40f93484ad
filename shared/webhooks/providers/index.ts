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

/** Every provider the relay speaks; GET /webhooks lists them and the route accepts their names. */
export const providers: readonly Provider[] = [github, gitlab, bitbucket, circleci, doppler, dockerhub, sentry, heroku, stripe, square, buildkite, bitbucketServer, gitea, forgejo, gogs, zendesk, trello, jira, confluence, linear, shopify, patreon, revenuecat, huggingface, instana];
export const providerNames = providers.map((provider) => provider.name) as [string, ...string[]];
export const providerNamed = (name: string): Provider | undefined => providers.find((provider) => provider.name === name);
