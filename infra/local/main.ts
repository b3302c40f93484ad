import { apiContactFromEnv } from '../../shared/openapi/contact';
import { localSecretsKey } from './secretsKey';
import { announceStore } from './runningStores';
import { startLocalServer } from './server';
import { localStoreCredentials } from './storeCredentials';

/** `npm start`: the whole API on this machine, configured by the environment of ../shared/API.md. */
const env = process.env;
const intFrom = (name: string, fallback: number) => {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};

const port = intFrom('PORT', 3000);
// A mistyped contact stops the start here, before /openapi.json would publish it.
apiContactFromEnv(env);
const secretsKey = localSecretsKey();
const local = await startLocalServer({
  port,
  host: env.HOST || '127.0.0.1',
  dataDir: env.DATA_DIR || undefined,
  localApiKey: env.LOCAL_API_KEY,
  dynamoPort: intFrom('LOCAL_DYNAMODB_PORT', 8000),
  authorizerCacheTtl: intFrom('AUTHORIZER_CACHE_TTL', 300),
  demoBots: ['1', 'true', 'yes'].includes((env.DEMO_BOTS ?? '').toLowerCase()),
  exposeStoreCalls: env.LOCAL_STORE_CALLS === '1',
  secretsKey,
}).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
  // What a newcomer needs, in one line, instead of a stack trace.
  const why = error.code === 'EADDRINUSE' ? 'is already in use' : 'may not be used by this user';
  console.error(
    `Port ${port} ${why}: start with another, e.g. PORT=${port === 3000 ? 3001 : 3000} npm start, or PORT=0 ` +
      'npm start for any free port.',
  );
  process.exit(1);
});
// The CLIs (`npm run keys`, `npm run webhooks`) find this store here, whatever port it ended up on.
announceStore({
  endpoint: local.dynamoEndpoint,
  tableName: local.tableName,
  credentials: localStoreCredentials(),
  secretsKey,
});

for (const key of local.seeded.keys) {
  const state = key.revoked ? ' (revoked)' : '';
  console.log(
    local.seeded.generated
      ? `API key (shown once): ${key.value}  id ${key.id}`
      : `API key ${key.id} for ${key.owner}${state}`,
  );
}
console.log(
  `DynamoDB (embedded dynalite${env.DATA_DIR ? ` in ${env.DATA_DIR}` : ', in memory'}): ${local.dynamoEndpoint}`,
);
if (local.demoBots > 0)
  console.log(
    `${local.demoBots} demo bots registered (owned by key ${local.seeded.keys[0]?.id}): GET ${local.url}/v1/bots`,
  );
console.log(`listening on ${local.url}`);

const stop = () => void local.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
