import { exampleDrawer } from '../functions/docs/gallery';
import { SAMPLE_PICTURE } from '../functions/docs/samplePicture';
import { svgResponse } from '../shared/http/responses';
import { routeList, type RouteEntry } from '../shared/routes/table';
import { buildTemplateBaseline, dynamicValues, type TemplateBaseline } from './baseline';
import { roundSummary, significant, summarize, type Summary } from './stats';

/**
 * In-process render speed of every image route: its own handler drawing the route table's
 * example (the docs gallery's drawer: query parsed once, the sample picture standing in for
 * fetched pictures), against the template-literal baseline of the same document.
 */
export interface RenderFigures {
  route: string;
  path: string;
  svgBytes: number;
  /** Interpolations in the baseline's literal, and how many distinct values fill them. */
  baselineHoles: number;
  baselineValues: number;
  /** Per render, in microseconds. */
  handlerUs: Summary;
  handlerPerSecond: number;
  /**
   * Per render, in microseconds (means of batches of `baselineBatch` calls: one call is below the timer's resolution).
   */
  baselineUs: Summary;
  baselineBatch: number;
  baselinePerSecond: number;
  /** Median handler time / median baseline time. */
  ratio: number;
  /**
   * Of the handler's time: wrapping the finished SVG in the response (size check, ETag hash), per call in microseconds.
   */
  responseWrapUs: Summary;
}

export interface RenderOptions {
  /** Measuring time per route for the handler (the baseline and the response wrap get a third of it each). */
  millisecondsPerRoute: number;
  warmupMilliseconds: number;
}

export const imageRoutes = (): RouteEntry[] => routeList.filter((route) => route.response === 'svg');

/** The baseline of a route: built from the SVG its handler drew for the example. */
export async function routeBaseline(route: RouteEntry): Promise<{ svg: string; baseline: TemplateBaseline }> {
  const svg = (await exampleDrawer(route)()).body;
  return {
    svg,
    baseline: buildTemplateBaseline(svg, dynamicValues(route.example.query ?? {}, SAMPLE_PICTURE.dataUri)),
  };
}

/** Keeps results alive (and forces each string flat, as writing it out would) so no work is optimised away. */
let sink = 0;
const consume = (text: string) => {
  sink ^= text.charCodeAt(text.length >> 1);
};

const now = () => process.hrtime.bigint();
const elapsedNs = (start: bigint) => Number(now() - start);

/** Times `run` once per sample (async: the handler's own promise is part of its cost) for `ms`. */
async function sampleAsync(run: () => Promise<string>, ms: number): Promise<number[]> {
  const samples: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end || samples.length < 50) {
    const start = now();
    consume(await run());
    samples.push(elapsedNs(start) / 1000);
  }
  return samples;
}

/**
 * Times `run` in batches of calls sized so that a batch lasts ~20 µs, for `ms`; each sample is
 * a batch's mean per call. Returns the samples and the batch size.
 */
function sampleBatched(run: () => string, ms: number): { samples: number[]; batch: number } {
  const probe = now();
  for (let i = 0; i < 2000; i += 1) consume(run());
  const perCallNs = Math.max(1, elapsedNs(probe) / 2000);
  const batch = Math.max(1, Math.ceil(20_000 / perCallNs));
  const samples: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end || samples.length < 50) {
    const start = now();
    for (let i = 0; i < batch; i += 1) consume(run());
    samples.push(elapsedNs(start) / 1000 / batch);
  }
  return { samples, batch };
}

const perSecond = (samplesUs: readonly number[]) =>
  significant(1e6 / (samplesUs.reduce((sum, us) => sum + us, 0) / samplesUs.length), 4);

export async function benchRenders(
  options: RenderOptions,
  log: (line: string) => void = () => undefined,
): Promise<RenderFigures[]> {
  const figures: RenderFigures[] = [];
  for (const route of imageRoutes()) {
    const draw = exampleDrawer(route);
    const { svg, baseline } = await routeBaseline(route);
    const render = () => baseline.render(baseline.values);
    if (render() !== svg) throw new Error(`the baseline of ${route.id} does not reproduce its SVG`);

    const drawSvg = async () => (await draw()).body;
    await sampleAsync(drawSvg, options.warmupMilliseconds);
    const handler = await sampleAsync(drawSvg, options.millisecondsPerRoute);
    sampleBatched(render, options.warmupMilliseconds / 3);
    const base = sampleBatched(render, options.millisecondsPerRoute / 3);
    const wrap = sampleBatched(() => svgResponse(svg).body, options.millisecondsPerRoute / 3);

    const handlerUs = summarize(handler);
    const baselineUs = summarize(base.samples);
    const ratio = significant(handlerUs.median / baselineUs.median, 3);
    figures.push({
      route: route.id,
      path: route.path,
      svgBytes: Buffer.byteLength(svg),
      baselineHoles: baseline.holes,
      baselineValues: baseline.values.length,
      handlerUs: roundSummary(handlerUs),
      handlerPerSecond: perSecond(handler),
      baselineUs: roundSummary(baselineUs),
      baselineBatch: base.batch,
      baselinePerSecond: perSecond(base.samples),
      ratio,
      responseWrapUs: roundSummary(summarize(wrap.samples)),
    });
    const [handlerMedian, baselineMedian] = [handlerUs.median, baselineUs.median].map((us) => significant(us, 3));
    log(`render ${route.id}: handler median ${handlerMedian} µs, baseline ${baselineMedian} µs, ×${ratio}`);
  }
  if (sink === 0.5) log('unreachable');
  return figures;
}
