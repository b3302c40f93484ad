import { examplePath } from '../../shared/routes/examplePath';
import { routes, type RouteEntry, type RouteId } from '../../shared/routes/table';

/** What a smoke check asks of one answer: its status, and a test of its content type and body. */
export interface SmokeCheck {
  name: string;
  method: 'GET' | 'HEAD';
  /** Path and query below the base URL. */
  path: string;
  needsKey: boolean;
  /** The Accept header sent: the type the check wants, where a route answers several. */
  accept: string;
  status: number;
  /** Why the answer is wrong, or undefined when it is right. */
  judge(type: string, body: Buffer): string | undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const typed =
  (expected: RegExp, body: (text: Buffer) => string | undefined = () => undefined) =>
  (type: string, text: Buffer) =>
    expected.test(type) ? body(text) : `content type ${type || 'none'}, not ${expected.source.replace(/\\/g, '')}`;

const html = typed(/^text\/html/, (body) =>
  /<html/i.test(body.toString('utf8')) ? undefined : 'no <html> in the page',
);
const json = typed(/json/, (body) => {
  try {
    JSON.parse(body.toString('utf8'));
    return undefined;
  } catch {
    return 'the body is not JSON';
  }
});
const svg = typed(/^image\/svg\+xml/, (body) => (body.includes('<svg') ? undefined : 'no <svg> in the image'));
const png = typed(/^image\/png/, (body) =>
  body.subarray(0, 8).equals(PNG_SIGNATURE) ? undefined : 'the body is not a PNG',
);

const entry = (id: RouteId): RouteEntry => ({ ...routes[id], id }) as RouteEntry;

/**
 * One call per function group, from the route table's examples: the docs page and the OpenAPI
 * document, a rank card as SVG and as PNG, the bot list, the relay's provider list and its HEAD
 * probe (answered by API Gateway without running the relay), and the dashboard page. `picture`
 * replaces the rank card's avatar URL (a host the server may fetch from, when it cannot reach Discord's).
 */
export function smokeChecks(picture?: string): SmokeCheck[] {
  const check = (
    name: string,
    id: RouteId,
    judge: SmokeCheck['judge'],
    accept: string,
    options: { method?: 'HEAD'; extra?: Record<string, string> } = {},
  ): SmokeCheck => {
    const route = entry(id);
    if (options.method === 'HEAD' && !route.probe) throw new Error(`${id} takes no HEAD probe`);
    return {
      name,
      method: options.method ?? 'GET',
      path: examplePath(route, { extra: options.extra, ...(picture ? { picture: () => picture } : {}) }),
      needsKey: route.auth === 'apiKey',
      accept,
      status: 200,
      judge,
    };
  };
  return [
    check('docs page', 'docsPage', html, 'text/html'),
    check('openapi.json', 'openApi', json, 'application/json'),
    check('rank card (SVG)', 'rankCard', svg, 'image/svg+xml'),
    check('rank card (PNG)', 'rankCard', png, 'image/png', { extra: { format: 'png' } }),
    check('bot list', 'listBots', json, 'application/json'),
    check('webhook providers', 'listWebhooks', json, 'application/json'),
    check('relay HEAD probe', 'relayWebhook', () => undefined, '*/*', { method: 'HEAD' }),
    check('dashboard page', 'dashboardPage', html, 'text/html'),
  ];
}
