import { describe, expect, test } from '@jest/globals';
import { readdirSync, statSync } from 'node:fs';
import { groupEntry, groupManifests, importGroup } from '../../functions/groups';
import { routeList } from '../../shared/routes/table';

const answersOf = (group: string) =>
  new Set(routeList.filter((route) => route.group === group).map((route) => route.response));
const FUNCTIONS = new URL('../../functions/', import.meta.url);

describe('the group manifests', () => {
  test('one per group the routes name, and one per folder of functions/ but the authorizer', () => {
    const names = groupManifests.map((group) => group.name).sort();
    expect(names).toEqual([...new Set(routeList.map((route) => route.group))].sort());
    const folders = readdirSync(FUNCTIONS).filter(
      (entry) => statSync(new URL(entry, FUNCTIONS)).isDirectory() && entry !== 'authorizer',
    );
    expect(folders.sort()).toEqual(names);
  });

  test.each(groupManifests.map((group) => [group.name, group] as const))(
    '%s ships what its routes draw with',
    (name, manifest) => {
      const answers = answersOf(name);
      // SVG is measured and drawn with the shipped fonts, and rasterised to PNG
      // on request; a page may lay text out (the docs gallery); JSON never does.
      expect(manifest.ships.rasteriser).toBe(answers.has('svg'));
      if (answers.has('svg')) expect(manifest.ships.fonts).toBe(true);
      if (!answers.has('svg') && !answers.has('html')) expect(manifest.ships.fonts).toBe(false);
      expect(manifest.tag.length).toBeGreaterThan(0);
      expect(manifest.timeoutSeconds).toBeLessThanOrEqual(29); // API Gateway's integration timeout
    },
  );

  test.each(groupManifests.map((group) => [group.name] as const))(
    '%s: its entry file exports the handler the stack and the local server load',
    async (name) => {
      expect(groupEntry(name)).toBe(`functions/${name}/index.ts`);
      const { handler } = await importGroup(name);
      expect(typeof handler).toBe('function');
    },
  );
});
