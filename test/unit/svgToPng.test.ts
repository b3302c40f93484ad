import { describe, expect, test } from '@jest/globals';
import { renderPlace, svgToPng } from '../../shared/raster/png';
import { renderRankCard } from '../../shared/scenes/rankCard';
import { inlinePng, samplePng } from '../support/imageHost';
import { decodePng } from '../support/png';

describe('where a PNG is rendered', () => {
  test('inline in a Lambda instance (one invocation at a time), on the libuv pool in the local server', () => {
    expect(renderPlace({ AWS_LAMBDA_FUNCTION_NAME: 'chatbot-utility-api-RankCard' })).toBe('inline');
    expect(renderPlace({})).toBe('pool');
  });

  test('both places draw the same PNG, byte for byte', async () => {
    const svg = renderRankCard({ username: 'Ada 🌸 さくら', level: 4, xp: 120, requiredXp: 400, rank: 2, status: 'idle', theme: 'light', avatar: inlinePng(samplePng(64)) });
    const [inline, pool] = await Promise.all([svgToPng(svg, 'inline'), svgToPng(svg, 'pool')]);
    expect(inline.equals(pool)).toBe(true);
    const raster = decodePng(inline);
    expect([raster.width, raster.height]).toEqual([934, 282]);
  });
});
