import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { factsOursLacks } from '../../infra/cli/messageFacts';
import { comparedFixtures, ourCells, ourColumnsOf, sectionHeading, tableRow } from '../../infra/cli/sideBySide';

/**
 * docs/skyhook.md sets our titles beside Skyhook's; regenerating it needs a Skyhook checkout, so
 * this test checks our half without one: the same fixtures, and our titles as we render them today.
 */
describe('docs/skyhook.md', () => {
  const doc = readFileSync('docs/skyhook.md', 'utf8');

  test('shows the title our renderers give today for one fixture per event (npm run skyhook)', () => {
    const expected = comparedFixtures().map(
      (compared) => `${sectionHeading(compared.provider)} ${tableRow(ourCells(compared))}`,
    );
    expect(ourColumnsOf(doc)).toEqual(expected);
  });

  test("splits a row's cells at unescaped pipes, a title ending in an escaped backslash included", () => {
    expect(ourColumnsOf('## P\n| `e` | `0a1b2c3d` | ends in \\\\ | a \\| b | — |')).toEqual([
      '## P | `e` | `0a1b2c3d` | ends in \\\\ |',
    ]);
  });

  test('names the Skyhook commit it was made from and the commands that make it again', () => {
    expect(doc).toMatch(/checkout of Skyhook at commit [0-9a-f]{40} \(\d{4}-\d{2}-\d{2}\)/);
    expect(doc).toContain('npm run skyhook -- /tmp/skyhook-src');
  });
});

describe("the side-by-side's list of what Skyhook shows that ours lacks", () => {
  const payload = 'bbcom-1398\nprueba de creación\n2016-04-13t08:56:33z\ncain piper\nopen';
  const ours = {
    embeds: [
      {
        title: 'Issue created: BBCOM\\-1398 Prueba de creación',
        url: 'https://jira.example/browse/BBCOM-1398#comment-1',
      },
    ],
  };

  test('names a field whose value ours shows nothing of, and a word of the payload ours does not show', () => {
    const theirs = {
      embeds: [
        {
          title: 'Created BBCOM-1398',
          fields: [
            { name: 'Start Time', value: 'Apr 13, 2016' },
            { name: 'Issue', value: 'BBCOM-1398 open' },
          ],
        },
      ],
    };
    expect(factsOursLacks(theirs, ours, payload, /skyhook/i)).toEqual(['field Start Time', 'field Issue: open']);
  });

  test('counts neither its own wording nor a link ours makes more specific nor its branding', () => {
    const theirs = {
      embeds: [
        {
          title: 'Wrote a comment on BBCOM-1398',
          url: 'https://jira.example/browse/BBCOM-1398',
          footer: { text: 'Powered by skyhookapi.com' },
        },
      ],
    };
    expect(factsOursLacks(theirs, ours, payload, /skyhook/i)).toEqual([]);
  });

  test('names a link ours lacks, but not a link to nothing', () => {
    const theirs = {
      embeds: [
        {
          author: { name: 'Cain Piper', url: 'https://jira.example/people/cain' },
          url: 'https://bitbucket.org/undefined',
        },
      ],
    };
    expect(factsOursLacks(theirs, ours, payload, /skyhook/i)).toEqual([
      'author: cain piper',
      'link https://jira.example/people/cain',
    ]);
  });
});
