import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from '@jest/globals';
import { localSecretsKey } from '../../infra/local/secretsKey';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('the local secret key: SECRETS_KEY wins; else created once in DATA_DIR (owner-only) and reused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  dirs.push(dir);
  expect(localSecretsKey({ SECRETS_KEY: 'given', DATA_DIR: dir })).toBe('given');
  const created = localSecretsKey({ DATA_DIR: dir });
  expect(Buffer.from(created, 'base64')).toHaveLength(32);
  const file = join(dir, 'secrets.key');
  expect(readFileSync(file, 'utf8').trim()).toBe(created);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(localSecretsKey({ DATA_DIR: dir })).toBe(created);
});
