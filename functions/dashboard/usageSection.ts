import { h } from '../../shared/html/builder';
import { USAGE_SPANS } from './usageSpans';

/**
 * The dashboard's "Usage" section, filled in by browser/usage.ts for the key asked for. Each chart
 * is a picture without text; what it shows is said in text beside it (totals, busiest span, its
 * first and last span), readable at a phone's width, and as a table of the spans with requests.
 */
export const usageSection = () =>
  h(
    'section',
    { id: 'usage', hidden: 'hidden', 'aria-labelledby': 'usage-title' },
    h('h2', { id: 'usage-title', tabindex: -1 }, 'Usage'),
    h(
      'p',
      { class: 'note' },
      'Requests let through in blue, refused over the quota (429) in red, from the rate limiter\u2019s own counts; ' +
        'times in UTC.',
    ),
    USAGE_SPANS.map(({ span, caption, unit }) =>
      h(
        'figure',
        { 'aria-labelledby': `caption-${span}` },
        h('figcaption', { id: `caption-${span}` }, caption),
        h('p', { id: `summary-${span}`, class: 'usage-summary' }),
        h('img', { id: `chart-${span}`, alt: '', width: 640, height: 160 }),
        h('p', { class: 'note usage-range' }, h('span', { id: `from-${span}` }), h('span', { id: `to-${span}` })),
        h(
          'details',
          { id: `counts-${span}` },
          h('summary', {}, `Counts per ${unit}`),
          h(
            'table',
            { id: `table-${span}` },
            h('caption', {}, `Each ${unit} with requests, oldest first`),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                [`${unit[0]?.toUpperCase()}${unit.slice(1)} (UTC)`, 'Let through', 'Refused (429)'].map((label) =>
                  h('th', { scope: 'col' }, label),
                ),
              ),
            ),
            h('tbody', {}),
          ),
        ),
      ),
    ),
  );
