import type { APIGatewayProxyResult } from 'aws-lambda';
import { htmlPage } from '../../shared/http/htmlPage';
import type { RouteHandler } from '../../shared/runtime/groupKit';
import { servedDocument } from './servedDocument';
import type { Routes } from '../../shared/routes/table';
import { escapeText, h } from '../../shared/html/builder';
import { siteHeader } from '../../shared/html/siteHeader';
import type { GalleryItem } from './gallery';
import { inlineCode, plainText } from './inlineCode';
import { DOCS_PAGE_SCRIPT } from './generated/pageScript';
import { DOCS_PAGE_STYLE } from './pageStyle';
import { reference } from './reference';
import { getKey, startSteps } from './quickStart';

const requestLine = ({ route }: GalleryItem) => `GET ${route.path}?${new URLSearchParams(route.example.query)}`;

const card = (item: GalleryItem) =>
  h(
    'div',
    { class: 'card' },
    h('strong', {}, inlineCode(item.route.summary)),
    h('img', { src: item.image, alt: plainText(item.route.summary), 'data-route': item.route.id }),
    h('code', {}, requestLine(item)),
    h('button', { type: 'button', 'data-try': item.route.id }, 'Try it'),
  );

const tryForm = () =>
  h(
    'form',
    { id: 'try' },
    h('label', {}, 'Route', h('select', { id: 'try-route' })),
    h('div', { id: 'try-params' }),
    h(
      'label',
      {},
      'API key',
      h('input', {
        id: 'try-key',
        type: 'password',
        autocomplete: 'off',
        placeholder: 'Bearer key (sent only to this API)',
      }),
    ),
    h('button', { type: 'submit' }, 'Send'),
    h('p', { id: 'try-status', role: 'status' }),
    h('img', { id: 'try-image', alt: 'The answer', hidden: 'hidden' }),
    h('pre', { id: 'try-json', tabindex: '0', hidden: 'hidden' }),
  );

/**
 * The gallery's code (every image route's handler and schema, the scenes, the font parser) is
 * loaded by the first page request, not on import: the function's other route, /openapi.json,
 * never needs it. Bundled all the same (esbuild evaluates it on first call).
 */
const drawing = () => import('./gallery');

/**
 * The page for one base path, built once per instance (everything on it is deterministic) with
 * this in place of the scheme and host the visitor used, which each answer puts in (escaped).
 */
const pages = new Map<string, APIGatewayProxyResult>();
const ORIGIN = '\uE000origin\uE000';

/**
 * GET /: the API reference, the gallery drawn live by the image routes' own handlers, and a form to try any GET route.
 */
export const docsPage: RouteHandler<Routes['docsPage']> = async ({ raw }) => {
  const page = pages.get(raw.basePath) ?? buildPage(raw.basePath, await (await drawing()).gallery());
  pages.set(raw.basePath, page);
  const origin = raw.url ? new URL(raw.url).origin : '';
  return { ...page, body: page.body.replaceAll(ORIGIN, escapeText(origin)) };
};

function buildPage(basePath: string, items: GalleryItem[]): APIGatewayProxyResult {
  const document = servedDocument(basePath || '/');
  return htmlPage({
    title: document.info.title,
    style: DOCS_PAGE_STYLE,
    script: DOCS_PAGE_SCRIPT,
    data: { openapi: document, page: { basePath: basePath } },
    allow: { 'img-src': 'data: blob:', 'connect-src': "'self'" },
    header: siteHeader(basePath, 'docs'),
    body: [
      h('h1', {}, document.info.title),
      getKey(basePath),
      h(
        'p',
        {},
        'SVG and PNG images for chat bots, Discord bot information, and a webhook relay; ' +
          'the machine-readable description is ',
        h('a', { href: `${basePath}/openapi.json` }, 'openapi.json'),
        '.',
      ),
      ...startSteps(basePath, `${ORIGIN}${basePath}`),
      h('h2', { id: 'gallery' }, 'Gallery'),
      h(
        'p',
        {},
        "Each image below is drawn now by its route's own code from the example request under it " +
          '(a sample landscape stands in for the pictures those examples name). Add format=png for PNG.',
      ),
      h('div', { class: 'gallery' }, items.map(card)),
      h(
        'p',
        {},
        'Text is drawn with Inter, the Noto Sans families and Noto Serif Tibetan (SIL Open Font License). Emoji are ',
        h('a', { href: 'https://github.com/jdecked/twemoji' }, 'Twemoji'),
        ', graphics by Twitter, Inc and other contributors, licensed ',
        h('a', { href: 'https://creativecommons.org/licenses/by/4.0/' }, 'CC-BY 4.0'),
        '.',
      ),
      h('h2', { id: 'try-it' }, 'Try it'),
      tryForm(),
      h('h2', { id: 'reference' }, 'Reference'),
      ...reference(document),
    ],
  });
}
