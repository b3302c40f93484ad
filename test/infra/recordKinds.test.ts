import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { partitionKey, recordKinds, type RecordKind } from '../../shared/store/recordKinds';
import { resourcesOf, synthesised } from './synth';

const kinds = Object.keys(recordKinds) as RecordKind[];
const prefixes = kinds.map((kind) => recordKinds[kind].prefix);
let template: Template;
beforeAll(async () => {
  ({ template } = await synthesised());
}, 120_000);

describe('record kinds', () => {
  test('no prefix starts another, so a grant on one kind never reaches another', () => {
    for (const a of prefixes) for (const b of prefixes) if (a !== b) expect(b.startsWith(a)).toBe(false);
    expect(partitionKey('bot', '159985870458322944')).toBe('BOT#159985870458322944');
  });

  test("every table grant in the stack is by a kind's prefix (or a narrower part of it) or a listing of one", () => {
    const allowed = new Set([
      ...prefixes.map((prefix) => `${prefix}*`),
      ...kinds.flatMap((kind) => ('listing' in recordKinds[kind] ? [recordKinds[kind].listing] : [])),
    ]);
    const granted = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).flatMap((policy) =>
      (
        policy.Properties.PolicyDocument.Statement as { Condition?: Record<string, Record<string, string[]>> }[]
      ).flatMap((statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? []),
    );
    expect(granted.length).toBeGreaterThan(0);
    // Narrower: the dashboard reads the counts of keys only (RATE#key:*), not every counter.
    const narrower = (key: string) =>
      key.endsWith('*') && prefixes.some((prefix) => key.startsWith(prefix) && key.length > prefix.length + 1);
    for (const key of granted) expect([key, allowed.has(key) || narrower(key)]).toEqual([key, true]);
    expect(granted).toContain('RATE#key:*');
  });
});
