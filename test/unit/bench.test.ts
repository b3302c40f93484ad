import { describe, expect, test } from '@jest/globals';
import { buildTemplateBaseline, dynamicValues, templateText } from '../../bench/baseline';
import { bundleEntries, inputsBySource } from '../../bench/coldStart';
import { pngSize } from '../../bench/png';
import { imageRoutes, routeBaseline } from '../../bench/render';
import { markdownReport, type BenchResults } from '../../bench/report';
import { formatBytes, formatMs, percentile, summarize } from '../../bench/stats';
import { SAMPLE_PICTURE } from '../../functions/docs/samplePicture';
import { samplePng } from '../support/imageHost';

/**
 * The pure parts of `npm run bench` (the benchmarks themselves are not run here), so the bench cannot rot unnoticed.
 */
describe('percentiles', () => {
  test('nearest rank on the sorted samples, whatever their order', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 100)).toBe(4);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 99.5)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  test('no samples or a percentile out of range is an error', () => {
    expect(() => percentile([], 50)).toThrow(/no samples/);
    expect(() => percentile([1], 101)).toThrow(/within 0..100/);
    expect(() => percentile([1], Number.NaN)).toThrow(/within 0..100/);
  });

  test('summaries', () => {
    const samples = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(summarize(samples)).toEqual({
      samples: 1000,
      median: 500,
      p90: 900,
      p99: 990,
      mean: 500.5,
      min: 1,
      max: 1000,
    });
    expect([formatMs(0.0123), formatMs(12.345), formatMs(4321)]).toEqual(['12.3 µs', '12.3 ms', '4.32 s']);
    expect([formatBytes(512), formatBytes(40288), formatBytes(1398173)]).toEqual(['512 B', '39.3 KiB', '1.33 MiB']);
  });
});

describe('the template-literal baseline', () => {
  test('reproduces text that template literals would otherwise change', () => {
    const svg = `a \`tick\` \${not} \\ back\r\nslash \u2028 <t>Ada &amp; Bob</t> x="Ada"`;
    expect(new Function(`return \`${templateText(svg)}\`;`)()).toBe(svg);
    const baseline = buildTemplateBaseline(svg, ['Ada &amp; Bob', 'Ada', 'missing']);
    expect(baseline.render(baseline.values)).toBe(svg);
    expect(baseline.values).toEqual(['Ada &amp; Bob', 'Ada']);
    expect(baseline.holes).toBe(2);
    // The values are interpolated, not baked in.
    expect(baseline.render(['X', 'Y'])).toBe(svg.replace('Ada &amp; Bob', 'X').replace('"Ada"', '"Y"'));
  });

  test('short values match whole tokens only', () => {
    const baseline = buildTemplateBaseline('<text>3</text><rect x="30" width="3.5"/>', ['3']);
    expect(baseline.holes).toBe(1);
  });

  test('picture URLs stand for the picture; text is escaped and split into words', () => {
    expect(dynamicValues({ image: 'https://x/p.png', text: ' Fish & chips ' }, 'data:uri')).toEqual([
      'data:uri',
      'Fish &amp; chips',
      'Fish',
      '&amp;',
      'chips',
    ]);
  });

  test('is the identical SVG string for every image route', async () => {
    const routes = imageRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const route of routes) {
      const { svg, baseline } = await routeBaseline(route);
      expect(svg).toMatch(/^<svg /);
      expect(baseline.render(baseline.values)).toBe(svg);
      expect(baseline.holes).toBeGreaterThan(0);
      const picture = Object.values(route.example.query ?? {}).some((value) => /^https?:/.test(value));
      expect(baseline.values.includes(SAMPLE_PICTURE.dataUri)).toBe(picture);
    }
  });
});

describe('cold start and PNG helpers', () => {
  test('a bundle per function group and the authorizer', () => {
    const entries = bundleEntries().map((entry) => entry.entry);
    expect(entries).toContain('functions/authorizer/index.ts');
    expect(entries).toContain('functions/rank-card/index.ts');
    expect(new Set(entries).size).toBe(entries.length);
  });

  test('bundle inputs are summed per package, biggest first', () => {
    const inputs = {
      'node_modules/zod/v4/a.js': { bytesInOutput: 10 },
      'node_modules/zod/v4/b.js': { bytesInOutput: 15 },
      'node_modules/@aws-lambda-powertools/logger/lib/x.js': { bytesInOutput: 20 },
      'shared/http/responses.ts': { bytesInOutput: 5 },
      'shared/http/envelope.ts': { bytesInOutput: 1 },
    };
    expect(inputsBySource(inputs)).toEqual([
      { input: 'zod', bytes: 25 },
      { input: '@aws-lambda-powertools/logger', bytes: 20 },
      { input: 'shared/http', bytes: 6 },
    ]);
  });

  test('PNG size from its header', () => {
    expect(pngSize(samplePng(8))).toEqual({ width: 8, height: 8 });
    expect(() => pngSize(Buffer.from('<svg/>'))).toThrow(/not a PNG/);
  });
});

test('the report renders every section it has figures for', () => {
  const summary = { samples: 3, median: 1, p90: 2, p99: 3, mean: 2, min: 1, max: 3 };
  const results: BenchResults = {
    machine: {
      cpu: 'CPU',
      cores: 2,
      memoryGiB: 4,
      node: 'v20',
      v8: '11',
      os: 'linux',
      date: '2025-01-01T00:00:00.000Z',
      loadAverage: { start: 1.5, end: 1.2 },
    },
    runSeconds: 120,
    settings: {},
    render: [
      {
        route: 'jail',
        path: '/j',
        svgBytes: 2000,
        baselineHoles: 1,
        baselineValues: 1,
        handlerUs: summary,
        handlerPerSecond: 1e4,
        baselineUs: summary,
        baselineBatch: 10,
        baselinePerSecond: 1e6,
        ratio: 100,
        responseWrapUs: summary,
      },
    ],
    png: [{ case: 'jail', width: 512, height: 512, svgBytes: 2000, pngBytes: 9000, ms: summary }],
  };
  const markdown = markdownReport(results);
  expect(markdown).toMatch(/^# Benchmarks/);
  expect(markdown).toContain('other processes were running');
  expect(markdown).toContain('## In-process render speed');
  expect(markdown).toContain('| `jail` |');
  expect(markdown).toContain('## PNG rasterisation');
  expect(markdown).not.toContain('## Cold start');
});
