import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { appveyor, appveyorDuration } from '../../shared/webhooks/providers/appveyor';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { appveyorDeliveries, appveyorPayloads } from '../fixtures/appveyor/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const success = appveyorPayloads.build_success as { eventName: string; eventData: Record<string, unknown> };
const failure = appveyorPayloads.build_failure as { eventName: string; eventData: Record<string, unknown> };

const embedOf = (payload: { eventName: string; eventData?: unknown }) => {
  const outcome = appveyor.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({
    kind: 'message',
    event: payload.eventName,
    username: 'AppVeyor',
    embeds: [expect.any(Object)],
  });
  return outcome.embeds[0]!;
};

describe('AppVeyor provider', () => {
  test('renders passed and failed builds; it cannot sign', () => {
    expect(appveyor.events).toEqual(['build_success', 'build_failure']);
    expect(appveyor.signature).toBeUndefined();
  });

  test('build_success -> repository, version, branch, linked commit, pull request, duration, artifacts', () => {
    const embed = embedOf(success);
    expect(embed).toMatchObject({
      title: '[JohnSmith/test-web] Build 1.0.26 passed on master',
      url: 'https://ci.appveyor.com/project/JohnSmith/test-web/build/1.0.26',
      color: 0x2ea44f,
      description:
        '[`ad2366f`](https://github.com/JohnSmith/test-web/commit/ad2366f0c4) Some changes to appveyor.yml - ' +
        'John Smith',
    });
    expect(embed.fields).toEqual([
      { name: 'Project', value: 'test\\-web', inline: true },
      { name: 'Pull request', value: '#1', inline: true },
      { name: 'Duration', value: '1m 30s', inline: true },
      {
        name: 'Artifacts (1)',
        value: '[MyWebApp.zip](https://ci.appveyor.com/api/buildjobs/es941edratul5jm3/artifacts/MyWebApp.zip)',
      },
    ]);
  });

  test('build_failure -> red, the commit link, every artifact by permalink (never the signed URL)', () => {
    const embed = embedOf(failure);
    expect(embed).toMatchObject({
      title: '[joebloggs/Hubot-DSC-Resource] Build 2.0.59 failed on master',
      url: 'https://ci.appveyor.com/project/joebloggs/hubot-dsc-resource/build/2.0.59',
      color: 0xd73a49,
      description:
        '[`c06e208`](https://github.com/joebloggs/Hubot-DSC-Resource/commit/c06e208b47) Increment version ' +
        'number. - Joe Bloggs',
    });
    expect(embed.fields?.map((f) => f.name)).toEqual(['Project', 'Duration', 'Artifacts (3)']);
    expect(JSON.stringify(embed)).not.toContain('storage.googleapis.com');
  });

  test('without a commit author, no dangling dash; long artifact lists are cut', () => {
    const artifacts = Array.from({ length: 8 }, (_, i) => ({
      fileName: `a${i}.zip`,
      permalink: `https://ci.appveyor.com/a${i}`,
    }));
    const embed = embedOf({
      ...failure,
      eventData: { ...failure.eventData, commitAuthor: undefined, jobs: [{ artifacts }] },
    });
    expect(embed.description).toBe(
      '[`c06e208`](https://github.com/joebloggs/Hubot-DSC-Resource/commit/c06e208b47) Increment version number.',
    );
    expect(embed.fields?.at(-1)?.value).toMatch(/a4\.zip\]\(https:\/\/ci\.appveyor\.com\/a4\)\nand 3 more$/);
  });

  test('durations', () => {
    expect(appveyorDuration('00:00:07.5')).toBe('7s');
    expect(appveyorDuration('02:03:04.1')).toBe('2h 3m 4s');
    expect(appveyorDuration('soon')).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const embed = embedOf({
      ...success,
      eventData: { ...success.eventData, commitMessage: '**x** [y](http://evil) @everyone', projectName: '_p_' },
    });
    expect(embed.description).toContain('\\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone');
    expect(embed.fields?.[0]?.value).toBe('\\_p\\_');
  });

  test('a build without its data (issue 32) still says it passed', () => {
    expect(embedOf({ eventName: 'build_success' })).toMatchObject({
      title: 'Build passed',
      color: 0x2ea44f,
      fields: [],
    });
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(appveyor.read(delivery({ eventName: 'deployment_success', eventData: {} }))).toEqual({
      kind: 'ignored',
      event: 'deployment_success',
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a payload without eventName', delivery({ eventData: {} }), /missing the eventName field/],
    ['malformed JSON', { headers: {}, body: '{"eventName":' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => appveyor.read(bad)).toThrow(PayloadError);
    expect(() => appveyor.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of appveyorDeliveries)
      expect(appveyor.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
