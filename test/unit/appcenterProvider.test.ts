import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { appcenter } from '../../shared/webhooks/providers/appcenter';
import { durationBetween } from '../../shared/webhooks/providers/duration';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { appcenterDeliveries, appcenterPayloads } from '../fixtures/appcenter/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const build = appcenterPayloads.build as Record<string, unknown>;
const distribute = appcenterPayloads.distribute as Record<string, unknown>;

const embedOf = (payload: unknown, event: string) => {
  const outcome = appcenter.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({ kind: 'message', event, username: 'App Center', embeds: [expect.any(Object)] });
  return outcome.embeds[0]!;
};

describe('App Center provider', () => {
  test('renders builds and releases; it cannot sign', () => {
    expect(appcenter.events).toEqual(['build', 'distribute']);
    expect(appcenter.signature).toBeUndefined();
    expect(appcenter.headers).toEqual([]);
  });

  test('build -> app, number, status and branch, linked to the build, with OS, commit, duration and reason', () => {
    const embed = embedOf(build, 'build');
    expect(embed).toMatchObject({
      title: '[AppCenterRNTestApp] Build #17 succeeded on main',
      url: 'https://appcenter.ms/users/skyhook/apps/AppCenterRNTestApp/build/branches/main/builds/17',
      color: 0x2ea44f,
    });
    expect(embed.fields).toEqual([
      { name: 'OS', value: 'Android', inline: true },
      { name: 'Commit', value: '`a09714b`', inline: true },
      { name: 'Duration', value: '12m 5s', inline: true },
      { name: 'Reason', value: 'manual', inline: true },
    ]);
  });

  test.each([
    ['Failed', 0xd73a49],
    ['SucceededWithIssues', 0xdbab09],
    ['Canceled', 0x6a737d],
    ['SomethingNew', 0x6a737d],
  ])('a build %s is coloured by its outcome', (status, color) => {
    expect(embedOf({ ...build, build_status: status }, 'build').color).toBe(color);
  });

  test('distribute -> app, version, install link, notes, release and platform', () => {
    const embed = embedOf(distribute, 'distribute');
    expect(embed).toMatchObject({
      title: '[AppCenterRNTestApp] Release 1.0.0 (17) distributed',
      url: 'https://install.appcenter.ms/users/skyhook/apps/AppCenterRNTestApp/releases/15?source=email',
      color: 0x2ea44f,
      description: 'fix: status bar color to black',
    });
    expect(embed.fields).toEqual([
      { name: 'Release', value: '#15', inline: true },
      { name: 'Platform', value: 'Android', inline: true },
      { name: 'Mandatory', value: 'yes', inline: true },
    ]);
  });

  test('durations read hours, and nothing when a time is missing', () => {
    expect(durationBetween('2023-01-25T18:00:00Z', '2023-01-25T19:01:02Z')).toBe('1h 1m 2s');
    expect(durationBetween(undefined, '2023-01-25T19:01:02Z')).toBeUndefined();
    expect(durationBetween('2023-01-25T19:01:02Z', '2023-01-25T18:00:00Z')).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const embed = embedOf(
      { ...distribute, release_notes: '**bold** [x](http://evil) @everyone', platform: '_iOS_' },
      'distribute',
    );
    expect(embed.description).toBe('\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone');
    expect(embed.fields?.[1]?.value).toBe('\\_iOS\\_');
  });

  test('another kind of payload (a crash group) is ignored, not an error', () => {
    expect(appcenter.read(delivery({ app_display_name: 'X', crash_group_id: 'abc' }))).toEqual({
      kind: 'ignored',
      event: 'other',
    });
  });

  test('a build without its app or number (issue 32) renders with what is there', () => {
    expect(embedOf({ ...build, app_name: undefined, build_id: undefined }, 'build').title).toBe(
      'Build succeeded on main',
    );
    expect(embedOf({ ...build, build_status: 'SucceededWithIssues' }, 'build').title).toBe(
      '[AppCenterRNTestApp] Build #17 succeeded with issues on main',
    );
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['malformed JSON', { headers: {}, body: 'build_status=1' }, /not valid JSON/],
    ['a JSON array', delivery([build]), /missing an App Center payload/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => appcenter.read(bad)).toThrow(PayloadError);
    expect(() => appcenter.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of appcenterDeliveries)
      expect(appcenter.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
