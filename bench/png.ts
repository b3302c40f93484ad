import { exampleDrawer } from '../functions/docs/gallery';
import { svgToPng } from '../shared/raster/png';
import { routeList, type RouteId } from '../shared/routes/table';
import { inlineImage } from '../shared/images/inlineImage';
import { fitFor } from '../shared/images/pictureFit';
import { heldPicture } from '../shared/images/scaledPicture';
import { renderJail } from '../shared/scenes/jail';
import { renderRankCard } from '../shared/scenes/rankCard';
import { gradientPng } from '../fixtures/pictures';
import { roundSummary, summarize, type Summary } from './stats';

/**
 * PNG rasterisation through shared/raster/png.ts `svgToPng`, rendered inline as a Lambda instance
 * renders (no fonts: text is outlines), one at a time, of documents the API answers.
 */
export interface PngFigures {
  case: string;
  width: number;
  height: number;
  svgBytes: number;
  pngBytes: number;
  /** Per PNG, in milliseconds. */
  ms: Summary;
}

export interface PngOptions {
  samples: number;
  warmup: number;
}

/**
 * Lets the event loop turn between two renders, as a server's does between two requests: resvg
 * gives its native memory back there, so renders back to back would measure a process no server
 * runs. Not timed.
 */
export const eventLoopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function example(id: RouteId): Promise<string> {
  const route = routeList.find((entry) => entry.id === id);
  if (!route) throw new Error(`no route ${id}`);
  return (await exampleDrawer(route)()).body;
}

/**
 * The documents: the jail and the contrast filter examples (512×512 by default), the
 * jail over a raster picture, and rank cards whose names have emoji or Japanese.
 */
async function cases(): Promise<{ name: string; svg: string; width: number; height: number }[]> {
  const rasterPicture = inlineImage(gradientPng(256), 'image/png', { width: 256, height: 256 });
  const square = { width: 512, height: 512 };
  return [
    { name: 'jail example (sample SVG picture)', svg: await example('jail'), ...square },
    { name: 'jail over a 256×256 PNG picture', svg: renderJail({ image: rasterPicture, ...square }), ...square },
    // What a warm function draws for a PNG answer: the fetcher's copy at the output's size (scaledPicture.ts).
    {
      name: 'jail over the same picture, held at 512×512 by the fetcher',
      svg: renderJail({ image: await heldPicture(rasterPicture, fitFor(square, 'png')), ...square }),
      ...square,
    },
    { name: 'contrast filter example (sample SVG picture)', svg: await example('contrast'), ...square },
    rankCardCase('rank card, name with emoji (no avatar)', 'Ada 😀👍🏽 🇫🇷'),
    rankCardCase('rank card, Japanese name (no avatar)', '山田太郎'),
  ];
}

export async function benchPng(
  options: PngOptions,
  log: (line: string) => void = () => undefined,
): Promise<PngFigures[]> {
  const figures: PngFigures[] = [];
  for (const { name, svg, ...size } of await cases()) {
    let png: Buffer = Buffer.alloc(0);
    for (let i = 0; i < options.warmup; i += 1) {
      png = await svgToPng(svg, 'inline');
      await eventLoopTurn();
    }
    const { width, height } = pngSize(png);
    if (width !== size.width || height !== size.height)
      throw new Error(`${name} rasterised to ${width}×${height}, not ${size.width}×${size.height}`);
    const samples: number[] = [];
    for (let i = 0; i < options.samples; i += 1) {
      const start = process.hrtime.bigint();
      png = await svgToPng(svg, 'inline');
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      await eventLoopTurn();
    }
    const ms = roundSummary(summarize(samples));
    figures.push({ case: name, width, height, svgBytes: Buffer.byteLength(svg), pngBytes: png.length, ms });
    log(`png ${name}: median ${ms.median} ms, p99 ${ms.p99} ms`);
  }
  return figures;
}

/** A dark rank card without an avatar, only its name varying, at the card's own size. */
function rankCardCase(name: string, username: string) {
  const card = { level: 42, xp: 1234, requiredXp: 5000, rank: 3, status: 'online', theme: 'dark' } as const;
  return { name, svg: renderRankCard({ username, ...card }), width: 934, height: 282 };
}
