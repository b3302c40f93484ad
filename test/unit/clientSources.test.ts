import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientRoutes, clientSources, ROOT } from '../../infra/client/clientSources';
import { OPERATIONS } from '../../client/src/generated/methods';
import { ChatbotApi } from '../../client/src/index';

const generated = await clientSources();

describe('the client’s generated sources', () => {
  // A route added or changed without `npm run client` would leave the client without its method or types.
  test.each(generated)('$file is current: what `npm run client` generates now', ({ file, text }) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toBe(text);
  });

  test('one method per route a key (or anyone) calls, none for the dashboard’s pages and session routes', () => {
    const ids = clientRoutes().map((route) => route.id);
    expect(Object.keys(OPERATIONS)).toEqual(ids);
    expect(ids).toEqual(expect.arrayContaining(['rankCard', 'postBotStats', 'putWebhookSecrets', 'relayWebhook']));
    expect(ids.filter((id) => id.startsWith('dashboard') || id === 'docsPage')).toEqual([]);
    const api = new ChatbotApi({ baseUrl: 'http://127.0.0.1:9' });
    for (const id of ids) expect(typeof (api as unknown as Record<string, unknown>)[id]).toBe('function');
  });
});

describe('the client’s sources run in Node, browsers and Workers', () => {
  const files = readdirSync(join(ROOT, 'client/src'), { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.ts'),
  );

  test('no Node module is imported, and no Node global is used outside the discord.js helpers', () => {
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(ROOT, 'client/src', file), 'utf8');
      const imported = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]);
      expect({
        file,
        imported: imported.filter((name) => !name?.startsWith('./') && !name?.startsWith('../')),
      }).toEqual({ file, imported: [] });
      if (file !== 'discord.ts')
        expect({ file, node: /\b(process|Buffer|require)\b/.test(text) }).toEqual({ file, node: false });
    }
  });
});
