import { describe, expect, test } from '@jest/globals';
import { MAX_PUSH_COMMITS, pushEmbed, type Push } from '../../shared/webhooks/render/pushEmbed';

/** The forges' one push builder (GitHub, GitLab, Gitea/Forgejo/Gogs, Bitbucket, Azure Repos adapt to it). */
const pages = { compare: 'https://x/compare/a...b', refPage: 'https://x/tree/main', home: 'https://x' };
const push = (over: Partial<Push> = {}): Push => ({
  repo: 'o/r',
  kind: 'branch',
  name: 'main',
  created: false,
  deleted: false,
  commits: [{ id: 'abcdef1234', url: 'https://x/commit/abcdef1234', message: 'Fix it\n\nbody', author: 'Ann' }],
  ...pages,
  ...over,
});

describe('pushEmbed', () => {
  test('new commits: counted in the title, listed one a line, linked to the compare view', () => {
    expect(pushEmbed(push())).toEqual({
      title: '[o/r:main] 1 new commit',
      color: expect.any(Number),
      url: pages.compare,
      description: '[`abcdef1`](https://x/commit/abcdef1234) Fix it - Ann',
    });
  });

  test('without a compare view: the one new commit, else the branch', () => {
    expect(pushEmbed(push({ compare: undefined })).url).toBe('https://x/commit/abcdef1234');
    const two = push({ compare: undefined, total: 2 });
    expect(pushEmbed(two).url).toBe(pages.refPage);
  });

  test('a tag, or a branch created empty, links its own page; a deleted ref the repository', () => {
    expect(pushEmbed(push({ kind: 'tag', name: 'v1', created: true, commits: [] }))).toMatchObject({
      title: '[o/r] Tag v1 created',
      url: pages.refPage,
    });
    expect(pushEmbed(push({ created: true, commits: [] }))).toMatchObject({
      title: '[o/r] Branch main created',
      url: pages.refPage,
    });
    expect(pushEmbed(push({ deleted: true, commits: [] }))).toMatchObject({
      title: '[o/r] Branch main deleted',
      url: pages.home,
    });
  });

  test('no commits on an existing branch is an update, never "0 new commits"', () => {
    expect(pushEmbed(push({ commits: [] })).title).toBe('[o/r] Branch main updated');
    expect(pushEmbed(push({ commits: [], forced: true })).title).toBe('[o/r] Branch main force-pushed');
  });

  test(`lists at most ${MAX_PUSH_COMMITS} commits and counts the rest, from the total when given`, () => {
    const commits = Array.from({ length: 12 }, (_, i) => ({ id: `${i}`.padStart(7, '0'), message: `c${i}` }));
    const embed = pushEmbed(push({ commits, total: 30 }));
    expect(embed.title).toBe('[o/r:main] 30 new commits');
    expect(embed.description?.split('\n')).toHaveLength(MAX_PUSH_COMMITS + 1);
    expect(embed.description).toMatch(/\n… and 20 more$/);
  });

  test('what the payload lacks is left out: no ref name, no pages, short ids as the forge shows them', () => {
    expect(pushEmbed(push({ name: '', compare: undefined, refPage: undefined, home: undefined, idLength: 8 }))).toEqual(
      {
        title: '[o/r] 1 new commit',
        color: expect.any(Number),
        url: 'https://x/commit/abcdef1234',
        description: '[`abcdef12`](https://x/commit/abcdef1234) Fix it - Ann',
      },
    );
    expect(pushEmbed(push({ commits: [], repo: '', compare: undefined, refPage: undefined, home: undefined }))).toEqual(
      {
        title: 'Branch main updated',
        color: expect.any(Number),
      },
    );
  });
});
