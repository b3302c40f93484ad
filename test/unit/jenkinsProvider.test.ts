import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { jenkins } from '../../shared/webhooks/providers/jenkins';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { jenkinsDeliveries, jenkinsPayloads } from '../fixtures/jenkins/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const finalized = jenkinsPayloads.FINALIZED as { name: string; build: Record<string, unknown> };
const withBuild = (build: Record<string, unknown>) => ({ ...finalized, build: { ...finalized.build, ...build } });

const embedOf = (payload: unknown = finalized, event = 'FINALIZED') => {
  const outcome = jenkins.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({ kind: 'message', event, username: 'Jenkins', embeds: [expect.any(Object)] });
  return outcome.embeds[0]!;
};

describe('Jenkins provider', () => {
  test('renders the started and finalized (formerly finished) phases; it cannot sign', () => {
    expect(jenkins.events).toEqual(['STARTED', 'FINALIZED', 'FINISHED']);
    expect(jenkins.signature).toBeUndefined();
  });

  test('FINALIZED -> job, number and result, linked to the build', () => {
    expect(embedOf()).toEqual({
      title: '[Test] Build #25 succeeded',
      url: 'http://jenkins-url/job/Test/25/',
      color: 0x2ea44f,
      fields: [],
      timestamp: expect.any(String),
    });
  });

  test('with SCM details: branch, commit and culprits', () => {
    const embed = embedOf(
      withBuild({
        scm: { branch: 'origin/main', commit: 'a09714bbf5cf6b1424942a12a428aa7e6c4c316f', culprits: ['alice', 'bob'] },
      }),
    );
    expect(embed.title).toBe('[Test] Build #25 succeeded on main');
    expect(embed.fields).toEqual([
      { name: 'Commit', value: '`a09714b`', inline: true },
      { name: 'Changes by', value: 'alice, bob', inline: true },
    ]);
  });

  test.each([
    ['FAILURE', 'failed', 0xd73a49],
    ['UNSTABLE', 'unstable', 0xdbab09],
    ['ABORTED', 'aborted', 0x6a737d],
    ['NOT_BUILT', 'not built', 0x6a737d],
  ])('result %s is coloured by outcome', (status, word, color) => {
    const embed = embedOf(withBuild({ status }));
    expect(embed.title).toBe(`[Test] Build #25 ${word}`);
    expect(embed.color).toBe(color);
  });

  test('markdown in payload text cannot change the layout', () => {
    expect(embedOf(withBuild({ scm: { culprits: ['**x** [y](http://evil) @everyone'] } })).fields?.[0]?.value).toBe(
      '\\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone',
    );
  });

  test('the STARTED phase says the build started (no result yet), in the info colour', () => {
    expect(embedOf(withBuild({ phase: 'STARTED', status: undefined }), 'STARTED')).toMatchObject({
      title: '[Test] Build #25 started',
      color: 0x0366d6,
    });
  });

  test('duration and the test summary, when the plugin sends them', () => {
    expect(
      embedOf(withBuild({ duration: 93_000, test_summary: { total: 10, failed: 1, skipped: 2, passed: 7 } })).fields,
    ).toEqual([
      { name: 'Duration', value: '1m 33s', inline: true },
      { name: 'Tests', value: '10 run, 7 passed, 1 failed, 2 skipped', inline: true },
    ]);
  });

  test('a build without its number (issue 32) is named without one', () => {
    expect(embedOf(withBuild({ number: 'x' })).title).toBe('[Test] Build succeeded');
  });

  test.each(['QUEUED', 'COMPLETED'])(
    'the %s phase is ignored (FINALIZED follows with the result), not an error',
    (phase) => {
      expect(jenkins.read(delivery(withBuild({ phase })))).toEqual({ kind: 'ignored', event: phase });
    },
  );

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a payload without a phase', delivery({ name: 'Test', build: {} }), /missing the build.phase field/],
    ['malformed JSON', { headers: {}, body: 'phase=FINALIZED' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => jenkins.read(bad)).toThrow(PayloadError);
    expect(() => jenkins.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of jenkinsDeliveries)
      expect(jenkins.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
