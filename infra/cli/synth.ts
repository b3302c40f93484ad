import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REQUEST_KINDS } from './requestKinds';
import { synthSummary } from './synthSummary';

/**
 * `npm run synth [-- cdk synth options]`: `cdk synth --quiet` (no AWS account needed), then the
 * stack's outputs, the secrets to set and the cost of a million requests of each kind, read from
 * the template it wrote. Arguments go to cdk, so `-o <dir>` moves the template as it moves cdk's output.
 */
const STACK_NAME = 'ChatbotUtilityApi';
const args = process.argv.slice(2);
const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', ...args], { stdio: 'inherit' });
if (synth.status !== 0) process.exit(synth.status ?? 1);

const { values } = parseArgs({ args, strict: false, options: { output: { type: 'string', short: 'o' } } });
const outdir = typeof values.output === 'string' ? values.output : 'cdk.out';
const template = JSON.parse(readFileSync(join(outdir, `${STACK_NAME}.template.json`), 'utf8'));
console.log(`\n${synthSummary(template, STACK_NAME, REQUEST_KINDS)}`);
