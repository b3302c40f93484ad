import { describe, expect, test } from '@jest/globals';
import { render } from '../../shared/html/builder';
import { SITE_PAGES, siteHeader } from '../../shared/html/siteHeader';
import { routes } from '../../shared/routes/table';

describe('the site header', () => {
  test("links the route table's pages: the docs page, the dashboard and the relay page", () => {
    expect(Object.values(SITE_PAGES).map((page) => page.path)).toEqual([
      routes.docsPage.path,
      routes.dashboardPage.path,
      routes.listWebhooks.path,
    ]);
  });

  test('a skip link to main first, then each page below the base path, the current one marked', () => {
    const markup = render(siteHeader('/prod', 'relay'));
    expect(markup.startsWith('<a class="skip" href="#main">Skip to content</a><header class="site">')).toBe(true);
    expect(
      [...markup.matchAll(/<a href="([^"]+)"( aria-current="page")?>([^<]+)<\/a>/g)].map((m) => m.slice(1)),
    ).toEqual([
      ['/prod/', undefined, 'Docs'],
      ['/prod/dashboard', undefined, 'Dashboard'],
      ['/prod/webhooks', ' aria-current="page"', 'Relay URLs'],
    ]);
  });
});
