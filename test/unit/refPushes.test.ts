import { describe, expect, test } from '@jest/globals';
import { fixtureDeliveries } from '../fixtures/deliveries';
import { toProviderDelivery, type FixtureDelivery } from '../fixtures/delivery';
import { bitbucketDeliveries, bitbucketRefPushes } from '../fixtures/bitbucket/payloads';
import { githubDeliveries, githubRefPushes } from '../fixtures/github/payloads';
import { gitlabDelivery } from '../fixtures/gitlab/payloads';
import { providerNamed } from '../../shared/webhooks/providers/index';
import { refUpdateHeadline } from '../../shared/webhooks/refUpdate';
import type { Embed } from '../../shared/discord/message';

/**
 * Pushes say what they did to their ref ("Tag v1.2 created", "Branch x deleted"), and link to the
 * most specific page.
 */
const embedOf = (provider: string, fixture: FixtureDelivery): Embed => {
  const outcome = providerNamed(provider)!.read(toProviderDelivery(fixture));
  if (outcome.kind !== 'message') throw new Error(`${provider} ${fixture.event} was ${outcome.kind}`);
  return outcome.embeds[0]!;
};
const lastOf = <T>(list: T[], count: number) => list.slice(list.length - count);

describe('ref pushes on real payloads', () => {
  test.each(
    githubRefPushes.map((push, i) => [push.title, push, lastOf(githubDeliveries, githubRefPushes.length)[i]!] as const),
  )('GitHub: %s', (_title, push, fixture) => {
    expect(embedOf('github', fixture)).toMatchObject({ title: push.title, url: push.url });
  });

  test.each(
    bitbucketRefPushes.map(
      (push, i) => [push.title, push, lastOf(bitbucketDeliveries, bitbucketRefPushes.length)[i]!] as const,
    ),
  )('Bitbucket: %s', (_title, push, fixture) => {
    expect(embedOf('bitbucket', fixture)).toMatchObject({ title: push.title, url: push.url });
  });

  test("GitLab's examples: a tag links to the tag, a push to the compare view of its commits", () => {
    expect(embedOf('gitlab', gitlabDelivery('Tag Push Hook'))).toMatchObject({
      title: '[mike/diaspora] Tag v1.0.0 created',
      url: 'http://example.com/mike/diaspora/-/tags/v1.0.0',
    });
    expect(embedOf('gitlab', gitlabDelivery('Push Hook'))).toMatchObject({
      title: '[mike/diaspora:master] 4 new commits',
      url:
        'http://example.com/mike/diaspora/-/compare/95790bf891e76fee5e1747ab589903a6a1f80f22...' +
        'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
    });
  });

  test('no fixture of any provider says "0 new commits" or links to a compare view with a side of zeros', () => {
    for (const [provider, fixtures] of Object.entries(fixtureDeliveries)) {
      for (const fixture of fixtures) {
        const outcome = providerNamed(provider)!.read(toProviderDelivery(fixture));
        if (outcome.kind !== 'message') continue;
        for (const embed of outcome.embeds) {
          expect([provider, fixture.event, embed.title]).not.toEqual([
            provider,
            fixture.event,
            expect.stringMatching(/\b0 new commits?\b/),
          ]);
          expect([provider, fixture.event, embed.url]).not.toEqual([
            provider,
            fixture.event,
            expect.stringMatching(/compare\/.*0{12}/),
          ]);
        }
      }
    }
  });
});

describe('what a push did to its ref, in words', () => {
  const push = { repo: 'o/r', kind: 'branch' as const, name: 'feature/x', created: false, deleted: false, commits: 0 };
  test.each([
    ['a branch deleted', { ...push, deleted: true }, '[o/r] Branch feature/x deleted'],
    ['a tag deleted', { ...push, kind: 'tag' as const, name: 'v1.2', deleted: true }, '[o/r] Tag v1.2 deleted'],
    ['a tag created', { ...push, kind: 'tag' as const, name: 'v1.2', created: true }, '[o/r] Tag v1.2 created'],
    ['a tag moved', { ...push, kind: 'tag' as const, name: 'v1.2' }, '[o/r] Tag v1.2 moved'],
    ['a branch created with nothing new', { ...push, created: true }, '[o/r] Branch feature/x created'],
    ['a force push that only removed commits', { ...push, forced: true }, '[o/r] Branch feature/x force-pushed'],
    ['new commits', { ...push, commits: 2 }, '[o/r:feature/x] 2 new commits'],
    [
      'one of more than listed, forced',
      { ...push, commits: 5, more: true, forced: true },
      '[o/r:feature/x] 5+ new commits (forced)',
    ],
    // A payload without the ref's or the repository's name (issue
    // 32): what it lacks is left out, never an empty bracket.
    ['new commits on a ref not named', { ...push, name: '', commits: 1 }, '[o/r] 1 new commit'],
    ['a deleted branch not named', { ...push, name: '', deleted: true }, '[o/r] Branch deleted'],
    ['new commits in a repository not named', { ...push, repo: '', commits: 3 }, '[feature/x] 3 new commits'],
    [
      'a tag created, neither named',
      { ...push, repo: '', name: '', kind: 'tag' as const, created: true },
      'Tag created',
    ],
  ])('%s', (_name, update, title) => {
    expect(refUpdateHeadline(update).title).toBe(title);
  });
});
