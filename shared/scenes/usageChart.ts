import { h, svgDocument } from '../svg/builder';

export interface UsageChartInput {
  /** What the chart shows, e.g. "Requests per minute, last hour": its title for screen readers. */
  title: string;
  /** Oldest first: requests let through and refused (429) per span. */
  bars: { label: string; allowed: number; refused: number }[];
}

const SIZE = { width: 640, height: 180 };
const PLOT = { left: 44, right: 8, top: 12, bottom: 24 };
const COLOURS = { allowed: '#5865f2', refused: '#da373c', axis: '#8c959f', text: '#59636e' };

/** A round number at or above `value` for the top of the axis (1, 2, 5 times a power of ten). */
function axisTop(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) as number) ?? value;
}

const label = (x: number, y: number, anchor: 'start' | 'end', text: string) =>
  h('text', { x, y, 'text-anchor': anchor, 'font-family': 'system-ui, sans-serif', 'font-size': 11 }, text);

/**
 * A key's usage as stacked bars, refused requests on top of those let through. The dashboard
 * shows it as a picture; the numbers are also in the JSON and in the title, for screen readers.
 */
export function renderUsageChart({ title, bars }: UsageChartInput): string {
  const width = SIZE.width - PLOT.left - PLOT.right;
  const height = SIZE.height - PLOT.top - PLOT.bottom;
  const top = axisTop(Math.max(0, ...bars.map((bar) => bar.allowed + bar.refused)));
  const step = width / Math.max(1, bars.length);
  const y = (value: number) => PLOT.top + height - (value / top) * height;
  const totals = bars.reduce(
    (sum, bar) => ({ allowed: sum.allowed + bar.allowed, refused: sum.refused + bar.refused }),
    { allowed: 0, refused: 0 },
  );
  return svgDocument(
    SIZE,
    h('title', {}, `${title}: ${totals.allowed} let through, ${totals.refused} refused (429)`),
    h('g', { fill: COLOURS.text }, [
      label(PLOT.left - 6, PLOT.top + 4, 'end', String(top)),
      label(PLOT.left - 6, PLOT.top + height, 'end', '0'),
      label(PLOT.left, SIZE.height - 6, 'start', bars[0]?.label ?? ''),
      label(SIZE.width - PLOT.right, SIZE.height - 6, 'end', bars[bars.length - 1]?.label ?? ''),
    ]),
    h('path', {
      d: `M${PLOT.left} ${PLOT.top}V${PLOT.top + height}H${SIZE.width - PLOT.right}`,
      fill: 'none',
      stroke: COLOURS.axis,
    }),
    bars.map((bar, i) => {
      const x = PLOT.left + i * step + step * 0.15;
      const barWidth = step * 0.7;
      return [
        bar.allowed > 0
          ? h('rect', { x, y: y(bar.allowed), width: barWidth, height: y(0) - y(bar.allowed), fill: COLOURS.allowed })
          : null,
        bar.refused > 0
          ? h('rect', {
              x,
              y: y(bar.allowed + bar.refused),
              width: barWidth,
              height: y(bar.allowed) - y(bar.allowed + bar.refused),
              fill: COLOURS.refused,
            })
          : null,
      ];
    }),
  );
}
