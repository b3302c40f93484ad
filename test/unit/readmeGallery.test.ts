import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { README_GALLERY } from '../../infra/cli/readmeGallery';
import { svgToPng } from '../../shared/raster/png';
import { decodePng } from '../support/png';

describe("the README's gallery", () => {
  const readme = readFileSync('README.md', 'utf8');

  test.each(README_GALLERY.map((picture) => [picture.file, picture] as const))(
    '%s is shown with its alt text and is what the code draws today',
    async (file, { alt, svg }) => {
      expect(readme).toContain(`![${alt}](${file})`);
      const [committed, fresh] = [decodePng(readFileSync(file)), decodePng(await svgToPng(svg()))];
      expect([committed.width, committed.height]).toEqual([fresh.width, fresh.height]);
      // Pixels, not bytes: another zlib may deflate the same pixels differently.
      expect(committed.pixels.equals(fresh.pixels)).toBe(true);
    },
  );
});
