import { describe, expect, test } from '@jest/globals';
import { readdirSync } from 'node:fs';
import type { Provider } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { deliveryExports, fixtureDeliveries } from '../fixtures/deliveries';

/**
 * The registry (shared/webhooks/providers/index.ts) against the folders: a provider module whose
 * provider is not registered, or fixtures that belong to no registered provider, are named here
 * rather than silently skipped by the tests that walk the registry.
 */
const PROVIDERS = new URL('../../shared/webhooks/providers/', import.meta.url);
const FIXTURES = new URL('../fixtures/', import.meta.url);

const modules = readdirSync(PROVIDERS, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .sort();

const isProvider = (value: unknown): value is Provider =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Provider).name === 'string' &&
  typeof (value as Provider).read === 'function' &&
  Array.isArray((value as Provider).events);

/** Each provider a module exports, as `file: export (name)`. */
async function exportedProviders(file: string): Promise<{ label: string; provider: Provider }[]> {
  const exports = (await import(new URL(file, PROVIDERS).href)) as Record<string, unknown>;
  return Object.entries(exports)
    .filter((entry): entry is [string, Provider] => isProvider(entry[1]))
    .map(([name, provider]) => ({ label: `${file}: ${name} (${provider.name})`, provider }));
}

// One import after another: jest's module linker fails on concurrent dynamic imports.
const exported: { label: string; provider: Provider }[] = [];
for (const file of modules) exported.push(...(await exportedProviders(file)));
const names = new Set(providers.map((provider) => provider.name));

describe('the provider registry', () => {
  test('finds the provider modules (the check below can fail)', () => {
    expect(exported.map(({ label }) => label)).toContain('github.ts: github (github)');
    expect(exported.length).toBeGreaterThanOrEqual(providers.length);
  });

  test('registers every provider a module of the folder exports', () => {
    expect(exported.filter(({ provider }) => !providers.includes(provider)).map(({ label }) => label)).toEqual([]);
  });

  test('names each provider once', () => {
    expect(names.size).toBe(providers.length);
  });

  test('every registered provider has fixtures', () => {
    expect(providers.filter((provider) => !fixtureDeliveries[provider.name]?.length).map((p) => p.name)).toEqual([]);
  });

  test('every fixture export names a registered provider (`<provider>Deliveries`)', () => {
    const strays = deliveryExports.filter(({ name }) => !names.has(name.replace(/Deliveries$/, '').toLowerCase()));
    expect(strays.map(({ folder, name }) => `${folder}/payloads.ts: ${name}`)).toEqual([]);
  });

  test('every fixture folder with sources is a registered provider', () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(new URL(`${entry.name}/`, FIXTURES)).includes('SOURCES.md'))
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(30);
    expect(folders.filter((folder) => !names.has(folder))).toEqual([]);
  });
});
