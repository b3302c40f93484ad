import { createHash } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { h, render, type Child } from '../html/builder';

export interface HtmlPage {
  title: string;
  style: string;
  body: Child[];
  /** Before the <main> landmark: the site's header (siteHeader), whose skip link targets main. */
  header?: Child;
  /** The page's only script, pinned by its hash in the CSP: injected markup could not run anything. */
  script: string;
  /** JSON the script reads, as a data block (never executed). */
  data?: Record<string, unknown>;
  /** CSP sources beyond 'none', e.g. `{ 'img-src': "data: blob:", 'connect-src': "'self'" }`. */
  allow?: Record<string, string>;
  headers?: Record<string, string>;
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** `<` escaped so a data block cannot close its <script> element, whatever the JSON holds. */
const dataBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * One self-contained page (no external script, style, font or picture): markup through the
 * builder, which escapes all text, with the style and script pinned by hash in the CSP.
 */
export function htmlPage(page: HtmlPage): APIGatewayProxyResult {
  const directives = {
    'default-src': "'none'",
    'script-src': hash(page.script),
    'style-src': hash(page.style),
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
    ...page.allow,
  };
  const markup = render([
    h(
      'head',
      {},
      h('meta', { charset: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', {}, page.title),
    ),
    // One <main> landmark holds the content, so assistive technology can jump to it.
    h('body', {}, page.header, h('main', { id: 'main' }, ...page.body)),
  ]);
  const scripts = [
    ...Object.entries(page.data ?? {}).map(([id, value]) => dataBlock(id, value)),
    `<script>${page.script}</script>`,
  ].join('');
  // Style and scripts go in as written (constants of ours), so their hashes match what the browser reads.
  const html = markup
    .replace('</head>', () => `<style>${page.style}</style></head>`)
    .replace('</body>', () => `${scripts}</body>`);
  return {
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': Object.entries(directives)
        .map(([name, value]) => `${name} ${value}`)
        .join('; '),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'public, max-age=300',
      ...page.headers,
    },
    body: `<!doctype html><html lang="en">${html}</html>`,
  };
}
