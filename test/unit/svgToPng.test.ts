import { describe, expect, test } from '@jest/globals';
import { Resvg } from '@resvg/resvg-js';
import { RESVG_OPTIONS, renderPlace, svgToPng } from '../../shared/raster/png';
import { renderRankCard } from '../../shared/scenes/rankCard';
import { inlinePng, samplePng } from '../support/imageHost';
import { decodePng } from '../support/png';

describe('where a PNG is rendered', () => {
  test('inline in a Lambda instance (one invocation at a time), on the libuv pool in the local server', () => {
    expect(renderPlace({ AWS_LAMBDA_FUNCTION_NAME: 'chatbot-utility-api-RankCard' })).toBe('inline');
    expect(renderPlace({})).toBe('pool');
  });

  test('both places draw the same PNG, byte for byte', async () => {
    const svg = renderRankCard({
      username: 'Ada 🌸 さくら',
      level: 4,
      xp: 120,
      requiredXp: 400,
      rank: 2,
      status: 'idle',
      theme: 'light',
      avatar: inlinePng(samplePng(64)),
    });
    const [inline, pool] = await Promise.all([svgToPng(svg, 'inline'), svgToPng(svg, 'pool')]);
    expect(inline.equals(pool)).toBe(true);
    const raster = decodePng(inline);
    expect([raster.width, raster.height]).toEqual([934, 282]);
  });
});

describe("our PNG encoder on resvg's pixels", () => {
  // Every alpha from 0 to 255 over strong colours: resvg draws premultiplied pixels, which must be made straight.
  const steps = Array.from(
    { length: 256 },
    (_, a) =>
      `<rect x="${a % 16}" y="${Math.floor(a / 16)}" width="1" height="1" fill="#ff8010" fill-opacity="${a / 255}"/>`,
  );
  const translucent =
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="16">${steps.join('')}\n    ` +
    '<rect x="16" y="0" width="32" height="16" fill="url(#g)"/><defs><linearGradient id="g">' +
    '<stop offset="0" stop-color="#13f" stop-opacity="0"/><stop offset="1" stop-color="#e2a" stop-opacity="0.9"/>' +
    '</linearGradient></defs></svg>';

  test("writes the very pixels resvg's own encoder writes, translucent ones included", async () => {
    const ours = decodePng(await svgToPng(translucent, 'inline'));
    const resvgs = decodePng(Buffer.from(new Resvg(translucent, RESVG_OPTIONS).render().asPng()));
    expect([ours.width, ours.height]).toEqual([48, 16]);
    // The test draws what it means to: many distinct translucent pixels.
    const alphas = new Set(Array.from({ length: 48 * 16 }, (_, i) => ours.pixels[i * 4 + 3]));
    expect(alphas.size).toBeGreaterThan(200);
    expect(Buffer.from(ours.pixels).equals(Buffer.from(resvgs.pixels))).toBe(true);
  });
});
