import { h, svgDocument } from '../svg/builder';

export interface UsageChartInput {
  /** What the chart shows, e.g. "Requests per minute, last hour": its title, with the totals. */
  title: string;
  /** Oldest first: requests let through and refused (429) per span. */
  bars: { allowed: number; refused: number }[];
}

const SIZE = { width: 640, height: 160 };
const PLOT = { left: 4, right: 4, top: 4, bottom: 4 };
const COLOURS = { allowed: '#5865f2', refused: '#da373c', axis: '#8c959f' };

/**
 * A key's usage as stacked bars, refused requests on top of those let through, the busiest span
 * the full height. It holds no text: scaled to a phone's width any would be a few pixels high, so
 * the dashboard states the numbers beside it in HTML (totals, busiest span, first and last span).
 */
export function renderUsageChart({ title, bars }: UsageChartInput): string {
  const width = SIZE.width - PLOT.left - PLOT.right;
  const height = SIZE.height - PLOT.top - PLOT.bottom;
  const top = Math.max(1, ...bars.map((bar) => bar.allowed + bar.refused));
  const step = width / Math.max(1, bars.length);
  const y = (value: number) => PLOT.top + height - (value / top) * height;
  const totals = bars.reduce(
    (sum, bar) => ({ allowed: sum.allowed + bar.allowed, refused: sum.refused + bar.refused }),
    { allowed: 0, refused: 0 },
  );
  return svgDocument(
    SIZE,
    h('title', {}, `${title}: ${totals.allowed} let through, ${totals.refused} refused (429)`),
    h('path', {
      d: `M${PLOT.left} ${PLOT.top + height}H${SIZE.width - PLOT.right}`,
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
