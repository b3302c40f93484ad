import { h, type Child } from './builder';

/** What `npm pack ./client` names the client's tarball (test/e2e/clientPackage.test.ts checks it). */
export const CLIENT_TARBALL = 'chatbot-utility-client-0.1.0.tgz';

/**
 * How a bot gets `@chatbot-utility/client` while it is not on the npm registry: one sentence, for
 * the pages showing code that imports it.
 */
export const clientInstallNote = (): Child[] => [
  'Install the client from the API’s repository: ',
  h('code', {}, 'npm pack ./client'),
  ' there, then ',
  h('code', {}, `npm install <path>/${CLIENT_TARBALL}`),
  ' in your bot (',
  h('code', {}, 'npm install @chatbot-utility/client'),
  ' once it is published).',
];
