import { describe, expect, test } from '@jest/globals';
import { imageRoutes } from '../../bench/render';
import { markdownReport } from '../../bench/report';
import { runSuite, TRIAL } from '../../bench/suite';

/**
 * Every part of `npm run bench`, shortened (bench/suite.ts TRIAL), through the same code that writes
 * BENCHMARKS.md: each must finish and give figures that make sense. Speeds are not judged here.
 */
const results = await runSuite(TRIAL, () => true);
const positive = expect.any(Number);

describe('the bench, on a short trial', () => {
  test('render: every image route drawn by its handler and by its template-literal baseline', () => {
    expect(results.render?.map((figures) => figures.route)).toEqual(imageRoutes().map((route) => route.id));
    for (const figures of results.render ?? []) {
      expect(figures.svgBytes).toBeGreaterThan(100);
      expect(figures.handlerUs.median).toBeGreaterThan(0);
      expect(figures.baselineUs.median).toBeGreaterThan(0);
      expect(Number.isFinite(figures.ratio) && figures.ratio > 0).toBe(true);
    }
  });

  test('png: each case rasterised at its size, and beside canvacord for both avatars', () => {
    expect(results.png?.length).toBeGreaterThanOrEqual(6);
    for (const figures of results.png ?? []) {
      expect(figures.pngBytes).toBeGreaterThan(1000);
      expect(figures.ms).toMatchObject({ samples: TRIAL.png.samples, median: positive });
    }
    expect(results.versusCanvacord?.map((figures) => figures.case)).toEqual([
      expect.stringContaining('256×256'),
      expect.stringContaining('1024×1024'),
    ]);
    for (const figures of results.versusCanvacord ?? []) {
      expect([figures.ours.width, figures.ours.height]).toEqual([934, 282]);
      expect(figures.canvacord.pngBytes).toBeGreaterThan(1000);
      expect(figures.ratio).toBeGreaterThan(0);
    }
  });

  test('cold start: the bundle built as CDK builds it, imported beside the DynamoDB client alone', () => {
    const [rankCard, alone] = results.coldStart ?? [];
    expect([rankCard?.bundle, alone?.baseline]).toEqual(['rank-card', true]);
    expect(rankCard?.bytes).toBeGreaterThan(alone?.bytes ?? Infinity);
    expect(rankCard?.importMs).toMatchObject({ median: positive, runs: 1 });
    expect(rankCard?.importRatio).toBeGreaterThan(0);
    expect(rankCard?.meetsTargets?.size).toBe(true);
  });

  test('end to end: every scenario answered 200 only, with its store calls counted', () => {
    const scenarios = results.endToEnd?.scenarios ?? [];
    expect(scenarios.map((s) => s.scenario)).toEqual(['rank-card', 'filter (contrast)', 'bot read', 'webhook relay']);
    for (const s of scenarios) {
      expect(Object.keys(s.statuses)).toEqual(['200']);
      expect([s.requests, s.errors, s.timeouts]).toEqual([s.statuses['200'], 0, 0]);
      expect(s.requestsPerSecond).toBeGreaterThan(0);
    }
    // The limiter's one conditional write alone (seeded keys hold a slot and are counted on its line, as
    // dashboard keys are): a cached allow costs no store call (the key is known to be enabled).
    const calls = Object.fromEntries(scenarios.map((s) => [s.scenario, s.storeCallsPerRequest]));
    expect(calls).toMatchObject({ 'rank-card': 1, 'filter (contrast)': 1, 'bot read': 2 });
    expect(calls['webhook relay']).toBeGreaterThan(2);
    expect(results.endToEnd?.bareNodeHttp?.requestsPerSecond).toBeGreaterThan(0);
  });

  test('the report has a section for each part', () => {
    const report = markdownReport(results);
    for (const heading of ['## In-process render', '## End-to-end through', '## Cold start', '## PNG rasterisation'])
      expect(report).toContain(heading);
    expect(report).toMatch(/Beside canvacord/);
    expect(report).toContain('store calls/request');
    expect(report).toContain('bare node:http');
  });
});
