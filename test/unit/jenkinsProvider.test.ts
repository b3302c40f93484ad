import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { jenkins } from '../../shared/webhooks/providers/jenkins';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { jenkinsDeliveries, jenkinsPayloads } from '../fixtures/jenkins/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const finalized = jenkinsPayloads.FINALIZED as { name: string; build: Record<string, unknown> };
const withBuild = (build: Record<string, unknown>) => ({ ...finalized, build: { ...finalized.build, ...build } });

const embedOf = (payload: unknown = finalized) => {
  const outcome = jenkins.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({ kind: 'message', event: 'FINALIZED', username: 'Jenkins', embeds: [expect.any(Object)] });
  return outcome.embeds[0]!;
};

describe('Jenkins provider', () => {
  test('renders the finalized phase only; it cannot sign', () => {
    expect(jenkins.events).toEqual(['FINALIZED']);
    expect(jenkins.signature).toBeUndefined();
  });

  test('FINALIZED -> job, number and result, linked to the build', () => {
    expect(embedOf()).toEqual({ title: '[Test] Build #25 success', url: 'http://jenkins-url/job/Test/25/', color: 0x2ea44f, fields: [], timestamp: expect.any(String) });
  });

  test('with SCM details: branch, commit and culprits', () => {
    const embed = embedOf(withBuild({ scm: { branch: 'origin/main', commit: 'a09714bbf5cf6b1424942a12a428aa7e6c4c316f', culprits: ['alice', 'bob'] } }));
    expect(embed.title).toBe('[Test] Build #25 success on main');
    expect(embed.fields).toEqual([
      { name: 'Commit', value: '`a09714b`', inline: true },
      { name: 'Changes by', value: 'alice, bob', inline: true },
    ]);
  });

  test.each([
    ['FAILURE', 'failure', 0xd73a49],
    ['UNSTABLE', 'unstable', 0xdbab09],
    ['ABORTED', 'aborted', 0x6a737d],
    ['NOT_BUILT', 'not built', 0x6a737d],
  ])('result %s is coloured by outcome', (status, word, color) => {
    const embed = embedOf(withBuild({ status }));
    expect(embed.title).toBe(`[Test] Build #25 ${word}`);
    expect(embed.color).toBe(color);
  });

  test('markdown in payload text cannot change the layout', () => {
    expect(embedOf(withBuild({ scm: { culprits: ['**x** [y](http://evil) @everyone'] } })).fields?.[0]?.value).toBe('\\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone');
  });

  test.each(['QUEUED', 'STARTED', 'COMPLETED'])('the %s phase is ignored, not an error', (phase) => {
    expect(jenkins.read(delivery(withBuild({ phase })))).toEqual({ kind: 'ignored', event: phase });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a payload without a phase', delivery({ name: 'Test', build: {} }), /missing the build.phase field/],
    ['malformed JSON', { headers: {}, body: 'phase=FINALIZED' }, /not valid JSON/],
    ['a build without its number', delivery(withBuild({ number: 'x' })), /not a Jenkins FINALIZED payload: build.number/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => jenkins.read(bad)).toThrow(PayloadError);
    expect(() => jenkins.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of jenkinsDeliveries) expect(jenkins.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
