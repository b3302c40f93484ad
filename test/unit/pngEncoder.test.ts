import { describe, expect, test } from '@jest/globals';
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import { RESVG_OPTIONS, svgToPng } from '../../shared/raster/png';
import { encodePng, subFiltered } from '../../shared/raster/pngEncoder';
import { renderRankCard } from '../../shared/scenes/rankCard';
import { noisePng, inlinePng } from '../support/imageHost';

/** PNG's Sub filter as the specification writes it, one byte at a time. */
function naiveSub(pixels: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 4;
  const out = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    out[y * (stride + 1)] = 1;
    for (let i = 0; i < stride; i += 1) out[y * (stride + 1) + 1 + i] = ((pixels[y * stride + i] as number) - (i >= 4 ? (pixels[y * stride + i - 4] as number) : 0)) & 0xff;
  }
  return out;
}

describe('encodePng', () => {
  test('the word-at-a-time Sub filter gives the specification\'s bytes for opaque pixels', () => {
    const pixels = Uint8Array.from({ length: 7 * 5 * 4 }, (_, i) => (i % 4 === 3 ? 255 : (i * 97 + (i >> 3) * 31) & 0xff));
    expect(subFiltered(pixels, 7, 5).equals(naiveSub(pixels, 7, 5))).toBe(true);
  });

  test('a translucent picture: decodes to what resvg\'s own encoder gives, within one level per channel', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><image width="120" height="80" opacity="0.6" href="${inlinePng(noisePng(60, 40, 7, true)).dataUri}"/><circle cx="60" cy="40" r="30" fill="#3366cc" fill-opacity="0.5"/></svg>`;
    const image = new Resvg(svg, RESVG_OPTIONS).render();
    const [ours, theirs] = [PNG.sync.read(await encodePng(image.pixels, image.width, image.height)), PNG.sync.read(image.asPng())];
    expect([ours.width, ours.height]).toEqual([120, 80]);
    // Fully transparent pixels have no colour to compare.
    const off = ours.data.findIndex((value, i) => (theirs.data[i - (i % 4) + 3] as number) > 0 && Math.abs(value - (theirs.data[i] as number)) > 1);
    expect(off).toBe(-1);
    // There were translucent pixels to convert.
    expect(ours.data.some((value, i) => i % 4 === 3 && value > 0 && value < 255)).toBe(true);
  });

  test('a rank card: a valid PNG of its size, no larger than resvg\'s own by more than a third', async () => {
    const svg = renderRankCard({ username: 'Ada 😀', level: 42, xp: 1234, requiredXp: 5000, rank: 3, status: 'online', theme: 'dark' });
    const png = await svgToPng(svg);
    const decoded = PNG.sync.read(png);
    expect([decoded.width, decoded.height]).toEqual([934, 282]);
    expect(png.length).toBeLessThan(new Resvg(svg, RESVG_OPTIONS).render().asPng().length * 1.3);
  });
});
