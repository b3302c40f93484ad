import type { Provider } from '../provider';
import { github } from './github';
import { gitlab } from './gitlab';

/** Every provider the relay speaks; GET /webhooks lists them and the route accepts their names. */
export const providers: readonly Provider[] = [github, gitlab];
export const providerNames = providers.map((provider) => provider.name) as [string, ...string[]];
export const providerNamed = (name: string): Provider | undefined => providers.find((provider) => provider.name === name);
