import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { providerTable, withProviderTable } from '../../infra/cli/providerTable';
import { providers } from '../../shared/webhooks/providers/index';

describe("the README's provider table", () => {
  const readme = readFileSync('README.md', 'utf8');

  test('is what the registry gives today (npm run providers writes it)', () => {
    expect(readme).toBe(withProviderTable(readme, providerTable(providers)));
  });

  test('has a row per provider naming each event it renders', () => {
    for (const provider of providers) {
      const row = readme.split('\n').find((line) => line.includes(`| \`${provider.name}\` |`));
      expect({
        provider: provider.name,
        missing: provider.events.filter((event) => event !== '*' && !row?.includes(`\`${event}\``)),
      }).toEqual({ provider: provider.name, missing: [] });
    }
  });

  test('a README without the markers is refused rather than written without its table', () => {
    expect(() => withProviderTable('# no table here', providerTable(providers))).toThrow(
      /lacks the provider table's markers/,
    );
  });
});
