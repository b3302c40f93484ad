import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { comparedFixtures, ourCells, ourColumnsOf, sectionHeading, tableRow } from '../../infra/cli/sideBySide';

/**
 * docs/skyhook.md sets our titles beside Skyhook's; regenerating it needs a Skyhook checkout, so
 * this test checks our half without one: the same fixtures, and our titles as we render them today.
 */
describe('docs/skyhook.md', () => {
  const doc = readFileSync('docs/skyhook.md', 'utf8');

  test('shows, for one fixture per event, the title our renderers give today (regenerate: npm run skyhook -- <Skyhook checkout>, as its header says)', () => {
    const expected = comparedFixtures().map((compared) => `${sectionHeading(compared.provider)} ${tableRow(ourCells(compared))}`);
    expect(ourColumnsOf(doc)).toEqual(expected);
  });

  test('names the Skyhook commit it was made from and the commands that make it again', () => {
    expect(doc).toMatch(/checkout of Skyhook at commit [0-9a-f]{40} \(\d{4}-\d{2}-\d{2}\)/);
    expect(doc).toContain('npm run skyhook -- /tmp/skyhook-src');
  });
});
