import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { providers } from '../../shared/webhooks/providers/index';
import { providerTable, withProviderTable } from './providerTable';

/**
 * `npm run providers`: writes README.md's provider table (events per provider, signatures) from the
 * registry (a test checks it is current); `npm run providers -- --print` only prints it.
 */
const table = providerTable(providers);
if (process.argv.includes('--print')) {
  console.log(table);
} else {
  const file = fileURLToPath(new URL('../../README.md', import.meta.url));
  writeFileSync(file, withProviderTable(readFileSync(file, 'utf8'), table));
  console.log(`wrote the provider table of ${file}`);
}
