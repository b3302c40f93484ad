import { h, type Child } from './builder';

/**
 * The site's pages a person reads, in the order the header lists them. Their paths are the route
 * table's (docsPage, dashboardPage, listWebhooks: a test holds them equal), written out here so a
 * page that links them does not bundle the routes behind them (the relay's 37 providers).
 */
export const SITE_PAGES = {
  docs: { label: 'Docs', path: '/' },
  dashboard: { label: 'Dashboard', path: '/dashboard' },
  relay: { label: 'Relay URLs', path: '/webhooks' },
} as const;
export type SitePage = keyof typeof SITE_PAGES;

/**
 * The header the docs page, the dashboard and the relay page share: a skip link first (keyboard
 * users reach the content in one Tab), then a link to each page, the current one marked for
 * assistive technology. `basePath` is what precedes the API's paths in the URL the visitor used.
 */
export function siteHeader(basePath: string, current: SitePage): Child {
  return [
    h('a', { class: 'skip', href: '#main' }, 'Skip to content'),
    h(
      'header',
      { class: 'site' },
      h(
        'nav',
        { 'aria-label': 'Site' },
        Object.entries(SITE_PAGES).map(([page, { label, path }]) =>
          h('a', { href: `${basePath}${path}`, 'aria-current': page === current ? 'page' : undefined }, label),
        ),
      ),
    ),
  ];
}

/**
 * The header's style and the site's link colours (each page appends it to its own style): links
 * keep a contrast of at least 4.5:1 on the light and the dark background; the skip link is off
 * screen until focused.
 */
export const SITE_HEADER_STYLE = `
a{color:#0969da}
.skip{position:absolute;left:.5rem;top:-3rem;padding:.5rem .75rem;background:#fff;border:2px solid #0969da;
  border-radius:6px;z-index:1}
.skip:focus{top:.5rem}
header.site nav{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:.5rem 0;border-bottom:1px solid #d0d7de;
  font-size:.95rem}
header.site a{text-decoration:none;padding:.25rem 0}header.site a:hover{text-decoration:underline}
header.site a[aria-current=page]{color:inherit;font-weight:600;border-bottom:2px solid #0969da}
@media (prefers-color-scheme:dark){a{color:#4493f8}.skip{background:#0d1117;border-color:#4493f8}
header.site nav{border-color:#30363d}header.site a[aria-current=page]{color:inherit;border-color:#4493f8}}`;
