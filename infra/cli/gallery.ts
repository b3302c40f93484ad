import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { svgToPng } from '../../shared/raster/png';
import { README_GALLERY } from './readmeGallery';

/** `npm run gallery`: draws the README's pictures again (a test checks the committed ones are current). */
process.chdir(fileURLToPath(new URL('../../', import.meta.url)));
for (const { file, svg } of README_GALLERY) {
  writeFileSync(file, await svgToPng(svg()));
  console.log(`wrote ${file}`);
}
