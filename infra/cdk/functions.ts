import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { groupEntry, groupManifests } from '../../functions/groups';
import type { FunctionGroup } from '../../shared/routes/table';
import type { GroupManifest } from '../../shared/runtime/groupManifest';
import { contactEnvironment, type ApiContact } from '../../shared/openapi/contact';
import { BUNDLE } from './bundling';
import { afterBundlingCommands } from './bundlingHooks';
import { signInEnvironment, type DashboardSettings } from './dashboardAccess';
import { allowKeyUse } from './keys';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { logGroup, type LogSettings } from './logGroups';
import { acknowledgeFunctionOutsideVpc } from './guardAcknowledgements';
import { acknowledgeFunctionFindings } from './nagAcknowledgements';
import { grantTable } from './tableAccess';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the bundled fonts land inside the function package (/var/task). */
const FONT_DIR = '/var/task/fonts';
/** Where the OpenAPI document lands in the docs function's package. */
const OPENAPI_DOCUMENT = '/var/task/openapi.json';
const ARCHITECTURE = Architecture.ARM_64;

export interface FunctionSettings {
  table: ITable;
  /** Seals webhook signing secrets and kept Discord tokens (KMS encryption context binds each to its record). */
  secretsKey: Key;
  rateLimitPerMinute: number;
  botOnlineWindowSeconds: number;
  logs: LogSettings;
  /** Concurrent executions reserved for (and capping) each function; 0 = none reserved. */
  reservedConcurrency: number;
  /** The OpenAPI document's contact, served by the function that ships the document. */
  apiContact?: ApiContact;
  /** The dashboard's Discord application: its id and settings, and the secret holding its client secret. */
  dashboard: DashboardSettings & { clientSecret: ISecret; usagePlanName: string };
}

/**
 * A function to build: its entry file and its settings, in a group manifest's terms (the authorizer writes its own).
 */
type Spec = Omit<GroupManifest, 'name' | 'tag'> & { entry: string };

/** What SecretBox calls on the secrets key, in the functions and in `npm run webhooks -- --aws`. */
export const SECRET_BOX_ACTIONS = ['kms:Encrypt', 'kms:Decrypt'];

/**
 * One Lambda function: ESM bundle by esbuild (minified, source maps, Node 22 on arm64), its own
 * log group, X-Ray tracing, and only the environment and table access it needs.
 */
function lambda(scope: Construct, id: string, spec: Spec, settings: FunctionSettings): NodejsFunction {
  // Its own role, allowed to write to its own log group only (no AWS-managed policy).
  const logs = logGroup(scope, `${id}Logs`, settings.logs);
  const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  // logGroupArn ends in ":*", which covers the group's streams.
  role.addToPolicy(
    new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logs.logGroupArn] }),
  );
  const fn = new NodejsFunction(scope, id, {
    role,
    entry: `${ROOT}${spec.entry}`,
    projectRoot: ROOT,
    depsLockFilePath: `${ROOT}package-lock.json`,
    runtime: Runtime.NODEJS_22_X,
    architecture: ARCHITECTURE,
    memorySize: spec.memoryMb,
    timeout: Duration.seconds(spec.timeoutSeconds),
    tracing: Tracing.ACTIVE,
    logGroup: logs,
    // A flood on one route cannot take the account's whole concurrency from the others.
    reservedConcurrentExecutions: settings.reservedConcurrency || undefined,
    environment: {
      TABLE_NAME: settings.table.tableName,
      RATE_LIMIT_PER_MINUTE: String(settings.rateLimitPerMinute),
      POWERTOOLS_SERVICE_NAME: 'chatbot-utility-api',
      NODE_OPTIONS: '--enable-source-maps',
      ...(spec.ships.fonts ? { FONT_DIR } : {}),
      ...(spec.ships.openApiDocument
        ? { OPENAPI_DOCUMENT, ...(settings.apiContact ? contactEnvironment(settings.apiContact) : {}) }
        : {}),
      ...(spec.sealsSecrets ? { SECRETS_KMS_KEY_ID: settings.secretsKey.keyArn } : {}),
      ...(spec.judgesBotStatus ? { BOT_ONLINE_WINDOW_SECONDS: String(settings.botOnlineWindowSeconds) } : {}),
      ...(spec.signsInWithDiscord ? signInEnvironment(settings.dashboard.clientSecret, settings.dashboard) : {}),
      ...(spec.managesApiKeys ? { USAGE_PLAN_NAME: settings.dashboard.usagePlanName } : {}),
    },
    bundling: {
      format: OutputFormat.ESM,
      ...BUNDLE,
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (_input, output) =>
          afterBundlingCommands(spec.ships, output, { cpu: ARCHITECTURE === Architecture.ARM_64 ? 'arm64' : 'x64' }),
      },
    },
  });
  grantTable(settings.table, fn, spec.table);
  // Exactly the two calls SecretBox makes (grantEncryptDecrypt would add ReEncrypt* and GenerateDataKey*).
  if (spec.sealsSecrets) allowKeyUse(settings.secretsKey, role, SECRET_BOX_ACTIONS);
  if (spec.signsInWithDiscord) settings.dashboard.clientSecret.grantRead(role);
  acknowledgeFunctionFindings(fn, role);
  acknowledgeFunctionOutsideVpc(fn);
  return fn;
}

/** One function per group manifest (functions/<group>/group.ts). */
export function groupFunctions(scope: Construct, settings: FunctionSettings): Map<FunctionGroup, NodejsFunction> {
  const functions = new Map<FunctionGroup, NodejsFunction>();
  for (const manifest of groupManifests) {
    functions.set(
      manifest.name,
      lambda(scope, functionId(manifest.name), { ...manifest, entry: groupEntry(manifest.name) }, settings),
    );
  }
  return functions;
}

export function authorizerFunction(scope: Construct, settings: FunctionSettings): NodejsFunction {
  const spec: Spec = {
    entry: 'functions/authorizer/index.ts',
    memoryMb: 256,
    timeoutSeconds: 5,
    table: ['readKeys'],
    sealsSecrets: false,
    judgesBotStatus: false,
    ships: { fonts: false, rasteriser: false },
  };
  return lambda(scope, 'AuthorizerFunction', spec, settings);
}

/** The construct id of a group's function (`rank-card` -> `RankCardFunction`), the prefix of its logical id. */
export const functionId = (group: FunctionGroup) =>
  `${group.replace(/(^|-)(\w)/g, (_m, _dash, letter: string) => letter.toUpperCase())}Function`;
