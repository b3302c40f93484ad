import { beforeAll, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bundleEntries } from '../../bench/coldStart';
import { RUNTIME_SDK_FLOOR, RUNTIME_SDK_MODULES } from '../../infra/cdk/bundling';
import { builtBundle } from './bundled';

/**
 * The functions use the Lambda runtime's AWS SDK, so they must work on the oldest one they claim:
 * RUNTIME_SDK_FLOOR, installed from the npm registry (or npm's cache) into a folder of its own.
 * Every bundle links against it, and the suites that call DynamoDB (dynalite, over HTTP), KMS,
 * SQS, Secrets Manager and API Gateway (mocked clients) pass with it in place of this checkout's.
 */
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const floorDir = join(tmpdir(), `runtime-sdk-${RUNTIME_SDK_FLOOR}`);
const SUITES = [
  ...['apiKeyStore', 'botClaims', 'botStore', 'dashboardStores', 'deliveryAttempts', 'deliveryLog']
    .concat(['embeddedStoreClient', 'keySlots', 'rateLimiter', 'relayGuardStore', 'retryQueue', 'shardStats'])
    .map((name) => `test/integration/${name}.test.ts`),
  ...['secretBox', 'retryConsumer', 'dashboardAws'].map((name) => `test/unit/${name}.test.ts`),
];

beforeAll(async () => {
  if (existsSync(join(floorDir, 'node_modules', '@aws-sdk', 'client-dynamodb'))) return;
  mkdirSync(floorDir, { recursive: true });
  const packages = RUNTIME_SDK_MODULES.map((name) => `${name}@${RUNTIME_SDK_FLOOR}`);
  await run(
    'npm',
    ['install', '--prefix', floorDir, '--no-save', '--no-package-lock', '--omit=dev', '--ignore-scripts'].concat([
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...packages,
    ]),
    { timeout: 180_000 },
  );
}, 200_000);

describe(`the functions on the runtime's AWS SDK ${RUNTIME_SDK_FLOOR}`, () => {
  test('every bundle imports only the modules named, and loads with the floor version', async () => {
    for (const entry of bundleEntries().filter((e) => !e.baseline)) {
      // Inside the floor's folder, so the bundle's imports of the SDK resolve to the floor version.
      const folder = join(floorDir, 'bundles', entry.bundle);
      cpSync((await builtBundle(entry)).folder, folder, { recursive: true });
      const file = join(folder, 'index.mjs');
      // Imports only: a bundled package.json (the X-Ray SDK's) may name others in its dependencies.
      const imports = readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\(\s*)"(@aws-sdk\/[\w-]+)"/g);
      const named = new Set([...imports].map((match) => match[1]));
      expect(RUNTIME_SDK_MODULES).toEqual(expect.arrayContaining([...named]));
      const url = JSON.stringify(pathToFileURL(file).href);
      const script = `const m = await import(${url}); console.log(typeof m.handler)`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', TABLE_NAME: 'table' },
      });
      expect(`${entry.bundle}: ${stdout.trim()}`).toBe(`${entry.bundle}: function`);
    }
  }, 120_000);

  test('the suites that call AWS pass with it', async () => {
    const { default: jestConfig } = (await import(pathToFileURL(join(ROOT, 'jest.config.js')).href)) as {
      default: { moduleNameMapper: Record<string, string> };
    };
    const moduleNameMapper = {
      ...jestConfig.moduleNameMapper,
      ...Object.fromEntries(RUNTIME_SDK_MODULES.map((name) => [`^${name}$`, join(floorDir, 'node_modules', name)])),
    };
    const config = JSON.stringify({ ...jestConfig, rootDir: ROOT, moduleNameMapper, maxWorkers: 2 });
    const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const { stderr } = await run(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, '--config', config, ...SUITES],
      { cwd: ROOT, timeout: 150_000 },
    );
    expect(stderr).toMatch(new RegExp(`Test Suites: ${SUITES.length} passed, ${SUITES.length} total`));
  }, 160_000);
});
