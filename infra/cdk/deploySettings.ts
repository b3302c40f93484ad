import { existsSync, readFileSync } from 'node:fs';

/**
 * The deploy settings an operator keeps in a file (deploy.settings.json at the checkout's root, git-ignored)
 * so that a plain `cdk deploy` deploys what the last one did; `-c name=value` still overrides each. These
 * are every context value the CDK app reads, by the JSON type the file gives them.
 */
export const DEPLOY_SETTINGS = {
  rateLimitPerMinute: 'number',
  authorizerCacheTtl: 'number',
  botOnlineWindowSeconds: 'number',
  throttleRate: 'number',
  throttleBurst: 'number',
  publicThrottleRate: 'number',
  publicThrottleBurst: 'number',
  relayThrottleRate: 'number',
  relayThrottleBurst: 'number',
  stageThrottleRate: 'number',
  stageThrottleBurst: 'number',
  reservedConcurrency: 'number',
  logRetentionDays: 'number',
  waf: 'boolean',
  wafRateLimit: 'number',
  wafRelayRateLimit: 'number',
  alarmEmail: 'string',
  secretsKeyUsers: 'string list',
  destroyData: 'boolean',
  discordClientId: 'string',
  dashboardUrl: 'string',
  apiContactName: 'string',
  apiContactUrl: 'string',
  apiContactEmail: 'string',
} as const;

export type DeploySettingName = keyof typeof DEPLOY_SETTINGS;

/** The file read when context `settingsFile` names none, relative to the folder cdk runs in. */
export const DEFAULT_SETTINGS_FILE = 'deploy.settings.json';

const fits: Record<(typeof DEPLOY_SETTINGS)[DeploySettingName], (value: unknown) => boolean> = {
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  string: (value) => typeof value === 'string',
  // A list of role ARNs, or the comma-separated text `-c` takes.
  'string list': (value) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
};

/**
 * The settings of a file, checked: an object of known names, each of its type. A missing file is
 * no settings; anything else wrong stops synth with the file and the setting named.
 */
export function readDeploySettings(file: string): Partial<Record<DeploySettingName, unknown>> {
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file} must hold one JSON object of settings`);
  for (const [name, value] of Object.entries(parsed)) {
    if (!Object.hasOwn(DEPLOY_SETTINGS, name))
      throw new Error(`${file}: unknown setting "${name}" (known: ${Object.keys(DEPLOY_SETTINGS).join(', ')})`);
    const kind = DEPLOY_SETTINGS[name as DeploySettingName];
    if (!fits[kind](value))
      throw new Error(`${file}: setting "${name}" must be a ${kind}, got ${JSON.stringify(value)}`);
  }
  return parsed as Partial<Record<DeploySettingName, unknown>>;
}
