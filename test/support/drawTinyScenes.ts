// Run as its own process (test/unit/tinyScenes.test.ts): a native panic in resvg aborts the
// process, which must not be the test runner's.
import { exampleDrawer } from '../../functions/docs/gallery';
import { svgToPng } from '../../shared/raster/png';
import { routeList } from '../../shared/routes/table';
import { decodePng } from './png';

/** Every image route's example as a PNG at sizes a pixel wide or high: one line each, "<route> <asked> <drawn>". */
for (const route of routeList.filter((entry) => entry.response === 'svg')) {
  for (const [width, height] of [
    [1, 1],
    [1, 1024],
    [1024, 1],
    [2, 2],
  ] as const) {
    const svg = (await exampleDrawer(route, { width: String(width), height: String(height) })()).body;
    const png = decodePng(await svgToPng(svg, 'inline'));
    console.log(`${route.id} ${width}x${height} ${png.width}x${png.height}`);
  }
}
