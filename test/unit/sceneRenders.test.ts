import { describe, expect, test } from '@jest/globals';
import { dialogLayout, renderDeleteDialog } from '../../shared/scenes/deleteDialog';
import { renderDistracted, type DistractedLabels } from '../../shared/scenes/distracted';
import { FLAG_STRIPES, renderGay } from '../../shared/scenes/gay';
import { renderRip } from '../../shared/scenes/rip';
import { renderTrash } from '../../shared/scenes/trash';
import type { Size } from '../../shared/svg/geometry';
import { inlinePng, samplePng } from '../support/imageHost';
import { HOSTILE_TEXT } from '../support/hostileText';
import { drawnLineBoxes } from '../support/outlines';
import { expectNear } from '../support/near';
import { distinctColors, pixel, rasterize, rgb } from '../support/raster';
import { expectSafeSvg, picturesOf, textsOf } from '../support/svgXml';

const png = samplePng(64, ['#ff0000', '#00ff00', '#0000ff', '#ffff00']);
const IMAGE = inlinePng(png);

/** Safe SVG of the given size with the picture inlined, rasterising to something far from blank. */
function expectScene(svg: string, size: { width: number; height: number }, minColors = 20) {
  const elements = expectSafeSvg(svg, size);
  expect(picturesOf(elements)).toEqual([IMAGE.dataUri]);
  const raster = rasterize(svg);
  expect(distinctColors(raster)).toBeGreaterThan(minColors);
  return { elements, raster };
}

describe('delete', () => {
  test('a dialog with the picture, the question and the two buttons', () => {
    const { elements } = expectScene(renderDeleteDialog({ image: IMAGE, width: 680, height: 340 }), {
      width: 680,
      height: 340,
    });
    expect(textsOf(elements)).toEqual(expect.arrayContaining(['Delete File', 'Delete this?', 'Delete', 'Cancel']));
  });
});

describe('trash', () => {
  test('the picture tilted into a bin that hides its lower part', () => {
    const { elements, raster } = expectScene(renderTrash({ image: IMAGE, width: 600, height: 600 }), {
      width: 600,
      height: 600,
    });
    // Beside the bin, below its rim, only the wall shows: the picture is clipped to the opening.
    for (const [x, y] of [
      [437, 390],
      [160, 400],
      [445, 380],
    ] as const)
      expect(pixel(raster, x, y).slice(0, 3)).toEqual(rgb('#eef1f5'));
    expect(elements.some((e) => e.tag === 'g' && /rotate\(-16/.test(e.attrs.transform ?? ''))).toBe(true);
    // Above the rim the picture shows; below it the bin's grey front covers the picture.
    expect(distinctColors({ ...raster, pixels: raster.pixels.subarray(0, 600 * 360 * 4) })).toBeGreaterThan(10);
    const [r, g, b] = pixel(raster, 300, 450);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(40);
  });
});

describe('distracted', () => {
  const cases: [string, DistractedLabels, number][] = [
    [
      'three labels',
      {
        boyfriend: { kind: 'text', text: 'Me' },
        girlfriend: { kind: 'text', text: 'My project' },
        other: { kind: 'text', text: 'A new framework' },
      },
      0,
    ],
    ['one label', { other: { kind: 'text', text: 'Sleep' } }, 0],
    [
      'pictures and text',
      {
        boyfriend: { kind: 'picture', image: IMAGE },
        other: { kind: 'picture', image: IMAGE },
        girlfriend: { kind: 'text', text: 'x'.repeat(60) },
      },
      2,
    ],
    ...HOSTILE_TEXT.map((text): [string, DistractedLabels, number] => [
      `hostile ${text}`,
      { boyfriend: { kind: 'text', text } },
      0,
    ]),
  ];

  test.each(cases)('%s: the scene with each label where it belongs', (_name, labels, pictureCount) => {
    const svg = renderDistracted(labels);
    const elements = expectSafeSvg(svg, { width: 960, height: 600 });
    expect(picturesOf(elements)).toHaveLength(pictureCount);
    for (const content of Object.values(labels)) {
      if (content.kind === 'text')
        expect(textsOf(elements).some((t) => content.text.startsWith(t.replace(/…$/, '')))).toBe(true);
    }
    expect(distinctColors(rasterize(svg))).toBeGreaterThan(20);
    // Every label's text stays within its 220-wide tag.
    for (const line of drawnLineBoxes(elements)) expect(line.right - line.left).toBeLessThanOrEqual(220 - 24 + 0.01);
  });

  test('each picture gets its own pattern, painted into its own box', () => {
    const elements = expectSafeSvg(
      renderDistracted({ boyfriend: { kind: 'picture', image: IMAGE }, girlfriend: { kind: 'picture', image: IMAGE } }),
    );
    const ids = elements.filter((e) => e.tag === 'pattern').map((e) => e.attrs.id);
    expect(new Set(ids).size).toBe(2);
    expect(elements.filter((e) => e.tag === 'rect' && ids.some((id) => e.attrs.fill === `url(#${id})`))).toHaveLength(
      2,
    );
  });
});

describe('gay', () => {
  test.each([0, 0.5, 1])('opacity %s: six stripes over the picture', (opacity) => {
    const { elements, raster } = expectScene(
      renderGay({ image: IMAGE, width: 300, height: 300, opacity }),
      { width: 300, height: 300 },
      5,
    );
    expect(elements.filter((e) => e.tag === 'rect')).toHaveLength(6);
    // Fully opaque, the flag hides the picture: its six colours and no more; otherwise the picture shows through.
    if (opacity === 1) expect(distinctColors(raster)).toBe(6);
    else expect(distinctColors(raster)).toBeGreaterThan(6);
    // (200, 10) is the top stripe over the picture's green quadrant: the flag's red blended over that green.
    const top = pixel(raster, 200, 10);
    const expected = rgb(FLAG_STRIPES[0] as string).map((flag, i) =>
      Math.round(flag * opacity + [0, 255, 0][i]! * (1 - opacity)),
    );
    expectNear(top, expected, 2);
  });

  test('stripes cover the whole height for any size', () => {
    for (const height of [1, 7, 1024]) {
      const rects = expectSafeSvg(renderGay({ image: IMAGE, width: 10, height, opacity: 1 })).filter(
        (e) => e.tag === 'rect',
      );
      const bottom = Math.max(...rects.map((r) => Number(r.attrs.y) + Number(r.attrs.height)));
      expect(bottom).toBeCloseTo(height, 1);
    }
  });
});

describe('rip', () => {
  test.each([undefined, 'Here lies my free time', 'x'.repeat(100), ...HOSTILE_TEXT])(
    'epitaph %j: gravestone, grey picture, RIP',
    (text) => {
      const { elements, raster } = expectScene(renderRip({ image: IMAGE, text, width: 640, height: 640 }), {
        width: 640,
        height: 640,
      });
      expect(textsOf(elements)).toContain('RIP');
      expect(textsOf(elements)[0]).toBe('RIP');
      // Words wrap at spaces and long words break anywhere: compare without the breaks.
      expect(textsOf(elements).slice(1).join('').replace(/\s/g, '')).toBe((text ?? '').replace(/\s/g, ''));
      // The picture is drawn in grey: its red quadrant has equal channels.
      const [r, g, b] = pixel(raster, 260, 250);
      expectNear([r, g], [g, b], 2);
    },
  );
});

describe('fixed scenes at the requested size', () => {
  // Each scene's own size, in the output of `size` (the dialog picks a wide or a tall layout).
  const scenes: [string, (size: Size) => string, (size: Size) => Size][] = [
    ['delete', (size) => renderDeleteDialog({ image: IMAGE, ...size }), (size) => dialogLayout(size).scene],
    ['trash', (size) => renderTrash({ image: IMAGE, ...size }), () => ({ width: 600, height: 600 })],
    ['rip', (size) => renderRip({ image: IMAGE, text: 'Gone', ...size }), () => ({ width: 640, height: 640 })],
  ];
  const sizes: Size[] = [
    { width: 512, height: 512 },
    { width: 900, height: 200 },
    { width: 150, height: 700 },
  ];

  test.each(scenes)(
    '%s is drawn whole, centred, aspect kept, its backdrop filling the bands beside it',
    (_name, render, sceneOf) => {
      for (const size of sizes) {
        const scene = sceneOf(size);
        const { raster } = expectScene(render(size), size, 20);
        const scale = Math.min(size.width / scene.width, size.height / scene.height);
        const [width, height] = [scene.width * scale, scene.height * scale];
        const [left, top] = [Math.round((size.width - width) / 2), Math.round((size.height - height) / 2)];
        // No pixel is left transparent, whatever the aspect.
        for (let i = 3; i < raster.pixels.length; i += 4)
          if (raster.pixels[i] !== 255)
            throw new Error(`transparent pixel ${(i - 3) / 4} at ${size.width}x${size.height}`);
        // A band carries on what the scene shows at its edge (wall, sky, grass,
        // desktop): the output's edge matches the scene's, two pixels in.
        // Rows through the middle, columns near the left edge: clear of the bin's shadow and the dialog.
        const [edgeX, midY] = [2, Math.round(size.height / 2)];
        if (left >= 1) {
          expectNear(pixel(raster, 0, midY), pixel(raster, left + 2, midY), 2);
          expectNear(pixel(raster, size.width - 1, midY), pixel(raster, size.width - left - 3, midY), 2);
        }
        if (top >= 1) {
          expectNear(pixel(raster, edgeX, 0), pixel(raster, edgeX, top + 2), 2);
          expectNear(pixel(raster, edgeX, size.height - 1), pixel(raster, edgeX, size.height - top - 3), 2);
        }
      }
    },
  );
});
