import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { dockerhub } from '../../shared/webhooks/providers/dockerhub';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { dockerhubDeliveries, dockerhubPayloads } from '../fixtures/dockerhub/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const push = dockerhubPayloads.push as { push_data: Record<string, unknown>; repository: Record<string, unknown> };

const embedOf = (payload: unknown = push) => {
  const outcome = dockerhub.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`push was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event: 'push', username: 'Docker Hub' });
  expect(outcome.deliveryId).toBeUndefined();
  return outcome.embeds[0]!;
};

describe('Docker Hub provider', () => {
  test('renders pushes only and cannot be signed', () => {
    expect(dockerhub.events).toEqual(['push']);
    expect(dockerhub.signature).toBeUndefined();
  });

  test('a push -> repository and tag in the title, the pusher, a link to the repository and the pull command', () => {
    expect(embedOf()).toMatchObject({
      title: '[svendowideit/testhook] Image pushed: latest',
      url: 'https://registry.hub.docker.com/u/svendowideit/testhook/',
      author: { name: 'trustedbuilder' },
      color: 0x0366d6,
      fields: [
        { name: 'Tag', value: 'latest' },
        { name: 'Pull', value: '`docker pull svendowideit/testhook:latest`' },
      ],
    });
  });

  test('an old-style push without a tag still renders', () => {
    const embed = embedOf({ ...push, push_data: { pusher: 'trustedbuilder', images: ['27d47432a69b'] } });
    expect(embed.title).toBe('[svendowideit/testhook] Image pushed');
    expect(embed.fields).toEqual([{ name: 'Pull', value: '`docker pull svendowideit/testhook`', inline: true }]);
  });

  test("a push without the repository link (issue 32) links to the repository's page on Docker Hub", () => {
    expect(embedOf({ ...push, repository: { repo_name: 'a/b' } })).toMatchObject({
      title: '[a/b] Image pushed: latest',
      url: 'https://hub.docker.com/r/a/b',
    });
  });

  test('markdown in the tag cannot change the layout; a backtick cannot leave the code span', () => {
    const embed = embedOf({
      ...push,
      push_data: { pusher: 'x', tag: '**v1**_@everyone' },
      repository: { ...push.repository, repo_name: 'a/b`c' },
    });
    expect(embed.fields?.[0]?.value).toBe('\\*\\*v1\\*\\*\\_@everyone');
    expect(embed.fields?.[1]?.value).toBe("`docker pull a/b'c:**v1**_@everyone`");
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['malformed JSON', { headers: {}, body: '{"push_data":' }, /not valid JSON/],
    ['a body that is not a push', delivery({ hello: 'world' }), /missing the push_data object/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => dockerhub.read(bad)).toThrow(PayloadError);
    expect(() => dockerhub.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of dockerhubDeliveries) {
      expect(dockerhub.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
    }
  });
});
