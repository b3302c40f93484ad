import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Annotations,
  Validations,
  type App,
  type IPolicyValidationContextBeta1,
  type IPolicyValidationPluginBeta1,
  type PolicyValidationPluginReportBeta1,
} from 'aws-cdk-lib';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { AwsSolutionsChecks, type NagPackProps } from 'cdk-nag';

/**
 * The checks every synth of the stack runs (`npx cdk synth|deploy` and the tests): cdk-nag's
 * AwsSolutions pack, and AWS Control Tower's proactive controls through cfn-guard. A finding
 * fails the synth unless it is acknowledged, with its reason, where it arises
 * (nagAcknowledgements.ts, guardAcknowledgements.ts).
 */
export function addPolicyChecks(app: App, nag: NagPackProps = {}): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, nag));
  // cfn-guard ships for Linux and macOS on x64 and arm64 only:
  // elsewhere (Windows) the synth goes on without it, saying so.
  if (['linux', 'darwin'].includes(process.platform) && ['x64', 'arm64'].includes(process.arch))
    Validations.of(app).addPlugins(new ControlTowerGuard());
  else
    Annotations.of(app).addWarningV2(
      'chatbot:noControlTowerChecks',
      `Control Tower's checks (cfn-guard) do not run on ${process.platform}/${process.arch}; CI runs them`,
    );
}

const GUARD_PACKAGE = dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard/package.json'));
export const CONTROL_TOWER_RULES = join(GUARD_PACKAGE, 'rules', 'control-tower', 'cfn-guard');

/**
 * Control Tower's rules, through cfn-guard, given only the rule files that name a resource type
 * the templates have: each rule selects resources by their type, so the others cannot fire and would
 * only cost time (docs/design.md).
 * The name is the validator's own, so findings are acknowledged as `cdk-validator-cfnguard::<rule>`.
 */
export class ControlTowerGuard implements IPolicyValidationPluginBeta1 {
  readonly name = 'cdk-validator-cfnguard';
  readonly version = (JSON.parse(readFileSync(join(GUARD_PACKAGE, 'package.json'), 'utf8')) as { version: string })
    .version;

  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const rules = applicableRules(resourceTypes(context.templatePaths));
    if (rules.length === 0) return { success: true, violations: [] };
    return new CfnGuardValidator({ controlTowerRulesEnabled: false, rules }).validate(context);
  }
}

/** Every resource type the templates declare ("AWS::SQS::Queue"). */
export function resourceTypes(templatePaths: readonly string[]): Set<string> {
  const types = new Set<string>();
  for (const path of templatePaths) {
    const { Resources = {} } = JSON.parse(readFileSync(path, 'utf8')) as {
      Resources?: Record<string, { Type: string }>;
    };
    for (const { Type } of Object.values(Resources)) types.add(Type);
  }
  return types;
}

/**
 * The Control Tower rule files that name one of `types` (as a
 * whole name: AWS::SQS::Queue is not AWS::SQS::QueuePolicy).
 */
export function applicableRules(types: ReadonlySet<string>): string[] {
  const named = /AWS::\w+::\w+/g;
  return ruleFiles(CONTROL_TOWER_RULES).filter((file) =>
    [...readFileSync(file, 'utf8').matchAll(named)].some(([type]) => types.has(type)),
  );
}

function ruleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ruleFiles(path);
    return entry.name.endsWith('.guard') ? [path] : [];
  });
}
