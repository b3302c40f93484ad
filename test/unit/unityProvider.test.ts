import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { unity } from '../../shared/webhooks/providers/unity';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { unityDeliveries, unityPayloads } from '../fixtures/unity/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const build = unityPayloads.build as Record<string, unknown> & { links: Record<string, unknown> };

const embedOf = (payload: unknown = build) => {
  const outcome = unity.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({
    kind: 'message',
    event: 'build',
    username: 'Unity Cloud Build',
    embeds: [expect.any(Object)],
  });
  return outcome.embeds[0]!;
};

describe('Unity Cloud Build provider', () => {
  test('renders build status changes; it cannot sign', () => {
    expect(unity.events).toEqual(['build']);
    expect(unity.signature).toBeUndefined();
  });

  test('a queued build -> project, target, number, status, linked to its summary on the dashboard', () => {
    expect(embedOf()).toEqual({
      title: '[My Project] Mac desktop 32-bit build #14 queued',
      url:
        'https://build.cloud.unity3d.com/build/orgs/my-org/projects/my-project/buildtargets/mac-desktop-32-bit-' +
        'build/builds/14/summary',
      author: { name: 'Build User' },
      color: 0x0366d6,
      fields: [{ name: 'Platform', value: 'standaloneosxintel', inline: true }],
      timestamp: expect.any(String),
    });
  });

  test.each([
    ['success', 0x2ea44f],
    ['failure', 0xd73a49],
    ['canceled', 0x6a737d],
    ['unknown', 0x6a737d],
  ])('a build %s is coloured by its outcome', (buildStatus, color) => {
    expect(embedOf({ ...build, buildStatus }).color).toBe(color);
  });

  test('artifact files are listed as downloads', () => {
    const files = Array.from({ length: 7 }, (_, i) => ({
      filename: `f${i}.zip`,
      href: `https://example.com/f${i}.zip`,
    }));
    const embed = embedOf({
      ...build,
      buildStatus: 'success',
      links: { ...build.links, artifacts: [{ name: '.ZIP file', files }] },
    });
    expect(embed.fields?.[1]?.name).toBe('Download');
    expect(embed.fields?.[1]?.value).toMatch(/^\[f0\.zip\]\(https:\/\/example\.com\/f0\.zip\)\n/);
    expect(embed.fields?.[1]?.value).toMatch(/\nand 2 more$/);
  });

  test('without links, no URL; a startedBy without an address is kept whole', () => {
    const embed = embedOf({ ...build, links: undefined, startedBy: 'ci' });
    expect(embed.url).toBeUndefined();
    expect(embed.author).toEqual({ name: 'ci' });
  });

  test('markdown in payload text cannot change the layout', () => {
    expect(embedOf({ ...build, platform: '**x** [y](http://evil) @everyone' }).fields?.[0]?.value).toBe(
      '\\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone',
    );
  });

  test.each([
    ['success', '[My Project] Mac desktop 32-bit build #14 succeeded'],
    ['failure', '[My Project] Mac desktop 32-bit build #14 failed'],
    ['sentToBuilder', '[My Project] Mac desktop 32-bit build #14 sent to builder'],
  ])('the status %s is said in words', (buildStatus, title) => {
    expect(embedOf({ ...build, buildStatus }).title).toBe(title);
  });

  test('a build without its number or status (issue 32) renders with what is there', () => {
    expect(embedOf({ ...build, buildNumber: undefined, buildStatus: undefined }).title).toBe(
      '[My Project] Mac desktop 32-bit build updated',
    );
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['malformed JSON', { headers: {}, body: 'buildStatus=queued' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => unity.read(bad)).toThrow(PayloadError);
    expect(() => unity.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of unityDeliveries)
      expect(unity.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
