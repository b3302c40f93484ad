import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@jest/globals';
import { routeList } from '../../shared/routes/table';

test('every image route draws a PNG one pixel wide or high (resvg panicked on rip at 1 px)', async () => {
  const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['test/support/drawTinyScenes.ts'], {
    timeout: 60_000,
  });
  const drawn = stdout.trim().split('\n');
  const imageRoutes = routeList.filter((route) => route.response === 'svg');
  expect(drawn).toHaveLength(imageRoutes.length * 4);
  const rows = drawn.map((line) => line.split(' ') as [string, string, string]);
  for (const id of new Set(rows.map(([route]) => route))) {
    const sizes = rows.filter(([route]) => route === id);
    // A scene that takes a size is drawn at the size asked; one of
    // a size of its own (the rank card, memes) at that every time.
    const asked = sizes.every(([, want, got]) => want === got);
    const fixed = new Set(sizes.map(([, , got]) => got)).size === 1;
    expect([id, asked || fixed]).toEqual([id, true]);
  }
}, 90_000);
