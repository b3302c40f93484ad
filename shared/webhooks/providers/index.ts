import type { Provider } from '../provider';
import { github } from './github';
import { gitlab } from './gitlab';
import { bitbucket } from './bitbucket';
import { circleci } from './circleci';
import { doppler } from './doppler';
import { dockerhub } from './dockerhub';
import { sentry } from './sentry';
import { heroku } from './heroku';
import { appcenter } from './appcenter';
import { appveyor } from './appveyor';
import { azuredevops } from './azuredevops';
import { travis } from './travis';
import { unity } from './unity';
import { jenkins } from './jenkins';
import { codacy } from './codacy';
import { basecamp } from './basecamp';

/** Every provider the relay speaks; GET /webhooks lists them and the route accepts their names. */
export const providers: readonly Provider[] = [github, gitlab, bitbucket, circleci, doppler, dockerhub, sentry, heroku, appcenter, appveyor, azuredevops, travis, unity, jenkins, codacy, basecamp];
export const providerNames = providers.map((provider) => provider.name) as [string, ...string[]];
export const providerNamed = (name: string): Provider | undefined => providers.find((provider) => provider.name === name);
