import { describe, expect, test } from '@jest/globals';
import { commitLineOf, commitList } from '../../shared/webhooks/render/commitLines';

describe('commitLineOf', () => {
  test('a commit: linked short id as code, first line escaped, author escaped', () => {
    expect(
      commitLineOf({ id: 'abc`def123456', url: 'https://g.example/c/1', message: '**fix** it\nbody', author: '_me_' }),
    ).toBe("[`abc'def`](https://g.example/c/1) \\*\\*fix\\*\\* it - \\_me\\_");
  });

  test('says what the payload gave, and nothing without an id or a message', () => {
    expect(commitLineOf({ message: 'only a message' })).toBe('only a message');
    expect(commitLineOf({ id: '0123456789', url: 'javascript:alert(1)' })).toBe('`0123456`');
    expect(commitLineOf({ author: 'someone' })).toBeUndefined();
    expect(commitLineOf({ message: '\n' })).toBeUndefined();
  });
});

describe('commitList', () => {
  test('lists up to max and counts the rest, from the total when the payload gives one', () => {
    const commits = ['a', 'b', 'c'].map((message) => ({ message }));
    expect(commitList(commits, 2)).toBe('a\nb\n… and 1 more');
    expect(commitList(commits, 5, 40)).toBe('a\nb\nc\n… and 37 more');
    expect(commitList([{ author: 'x' }], 5)).toBeUndefined();
  });
});
