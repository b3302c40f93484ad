import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { travis } from '../../shared/webhooks/providers/travis';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import {
  travisBuildWithoutNumber,
  travisDeliveries,
  travisFormRequest,
  travisPayloads,
} from '../fixtures/travis/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(travisFormRequest(payload));
const build = travisPayloads.build as Record<string, unknown>;

const embedOf = (payload: unknown = build) => {
  const outcome = travis.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({ kind: 'message', event: 'build', username: 'Travis CI', embeds: [expect.any(Object)] });
  return outcome.embeds[0]!;
};

describe('Travis CI provider', () => {
  test('renders builds; unsigned (Travis signs with its own RSA key, not a shared secret)', () => {
    expect(travis.events).toEqual(['build']);
    expect(travis.signature).toBeUndefined();
  });

  test("Travis's form delivery -> repository, branch, number, state, commit, pull request, duration", () => {
    const embed = embedOf();
    expect(embed).toMatchObject({
      title: '[travis-ci/docs-travis-ci-com:master] Build #5765 passed',
      url: 'https://travis-ci.org/travis-ci/docs-travis-ci-com/builds/511801371',
      author: { name: 'Ezekiel Templin' },
      color: 0x2ea44f,
      description:
        '[`1935215`](https://github.com/travis-ci/docs-travis-ci-com/pull/2317) Fix year of github services ' +
        'deprecation',
    });
    expect(embed.fields).toEqual([
      { name: 'Pull request', value: '#2317 Fix year of github services deprecation' },
      { name: 'Duration', value: '5m 10s', inline: true },
    ]);
  });

  test('the same payload as a JSON body reads the same', () => {
    const outcome = travis.read(toProviderDelivery(jsonRequest({}, build)));
    expect(outcome).toMatchObject({
      kind: 'message',
      embeds: [{ title: '[travis-ci/docs-travis-ci-com:master] Build #5765 passed' }],
    });
  });

  test.each([
    ['failed', 'Failed', 'failed', 0xd73a49],
    ['errored', 'Errored', 'errored', 0xd73a49],
    ['canceled', 'Canceled', 'canceled', 0x6a737d],
    ['passed', 'Fixed', 'fixed', 0x2ea44f],
    ['failed', 'Still Failing', 'still failing', 0xd73a49],
    ['started', 'Pending', 'pending', 0x0366d6],
  ])('state %s (%s) is coloured by outcome and said in words', (state, message, words, color) => {
    const embed = embedOf({ ...build, state, status_message: message });
    expect(embed.color).toBe(color);
    expect(embed.title).toBe(`[travis-ci/docs-travis-ci-com:master] Build #5765 ${words}`);
  });

  test('a build without its number is named without one, the rest as usual', () => {
    const embed = embedOf(travisBuildWithoutNumber);
    expect(embed).toMatchObject({
      title: '[travis-ci/docs-travis-ci-com:master] Build passed',
      url: 'https://travis-ci.org/travis-ci/docs-travis-ci-com/builds/511801371',
      author: { name: 'Ezekiel Templin' },
    });
    expect(JSON.stringify(embed)).not.toMatch(/undefined|null|NaN|\[object Object\]/);
  });

  test('a push build shows its trigger instead of a pull request', () => {
    const embed = embedOf({
      ...build,
      type: 'push',
      pull_request: false,
      pull_request_number: null,
      pull_request_title: null,
    });
    expect(embed.fields).toEqual([
      { name: 'Trigger', value: 'push', inline: true },
      { name: 'Duration', value: '5m 10s', inline: true },
    ]);
  });

  test('markdown in payload text cannot change the layout', () => {
    const embed = embedOf({ ...build, message: '**x** [y](http://evil) @everyone\nmore', pull_request_title: '_t_' });
    expect(embed.description).toBe(
      '[`1935215`](https://github.com/travis-ci/docs-travis-ci-com/pull/2317) \\*\\*x\\*\\* ' +
        '\\[y\\]\\(http://evil\\) @everyone',
    );
    expect(embed.fields?.[0]?.value).toBe('#2317 \\_t\\_');
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'a form without the payload field',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'build=1' },
      /without a payload field/,
    ],
    [
      'malformed JSON in the payload field',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'payload=%7B' },
      /not valid JSON/,
    ],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => travis.read(bad)).toThrow(PayloadError);
    expect(() => travis.read(bad)).toThrow(reason);
  });

  test('a build without its repository (issue 32) renders, the branch said after the status', () => {
    expect(embedOf({ ...build, repository: undefined })).toMatchObject({
      title: 'Build #5765 passed on master',
      url: 'https://travis-ci.org/travis-ci/docs-travis-ci-com/builds/511801371',
    });
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of travisDeliveries)
      expect(travis.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
