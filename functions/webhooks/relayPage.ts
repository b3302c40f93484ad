import type { APIGatewayProxyResult } from 'aws-lambda';
import { htmlPage } from '../../shared/http/htmlPage';
import { webhookRoutes } from '../../shared/routes/groups/webhooks';
import { h } from '../../shared/html/builder';
import { describeScheme } from '../../shared/webhooks/signature';
import { EVENT_FILTER_HELP } from '../../shared/webhooks/eventFilter';
import type { Provider } from '../../shared/webhooks/provider';
import { RELAY_PAGE_SCRIPT as SCRIPT } from './generated/relayPageScript';
import { SITE_HEADER_STYLE, siteHeader } from '../../shared/html/siteHeader';

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:52rem;margin:0 auto 2rem;padding:0 1rem;
  color:#1f2328;background:#fff}
h1{font-size:1.6rem;margin-bottom:.25rem}h2{font-size:1.1rem;margin:0}
label{display:block;font-weight:600;margin:1.5rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #8c959f;border-radius:6px;
  font:14px ui-monospace,monospace}
.problem{color:#cf222e;min-height:1.5em}
section{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}
.row{display:flex;gap:.5rem;margin:.5rem 0}.row input{flex:1}
button{padding:.5rem .9rem;border-radius:6px;border:1px solid #8c959f;background:#f6f8fa;cursor:pointer}
button:disabled{cursor:default;opacity:.5}
.events{color:#59636e;font-size:.9rem}
code{font:13px ui-monospace,monospace;background:#f6f8fa;padding:.1rem .3rem;border-radius:4px}
@media (prefers-color-scheme:dark){
  body{color:#e6edf3;background:#0d1117}section{border-color:#30363d}
  input,button{background:#161b22;color:#e6edf3;border-color:#484f58}code{background:#161b22}.events{color:#9198a1}
  .problem{color:#ff7b72}}
${SITE_HEADER_STYLE}`;

/** The relay's path below this page's (`{id}/{token}/{provider}`): the script completes it from the page's own URL. */
const { listWebhooks, putWebhookSecrets, relayWebhook } = webhookRoutes;
if (!relayWebhook.path.startsWith(`${listWebhooks.path}/`))
  throw new Error('the relay page builds relay URLs below its own path');
const RELAY_BELOW = relayWebhook.path.slice(listWebhooks.path.length + 1);
const SECRETS_REQUEST = `${putWebhookSecrets.method} ${putWebhookSecrets.path}`;

function providerSection(provider: Provider) {
  const signing = provider.signature
    ? [
        'Signed deliveries: register a secret with ',
        h('code', {}, SECRETS_REQUEST),
        `; ${provider.displayName} signs with ${describeScheme(provider.signature)}.`,
      ]
    : [`${provider.displayName} does not sign its deliveries.`];
  return h(
    'section',
    {},
    h('h2', {}, provider.displayName),
    h('p', {}, provider.description, ' ', h('a', { href: provider.docs, rel: 'noopener noreferrer' }, 'Webhook docs')),
    h(
      'div',
      { class: 'row' },
      h('input', {
        'data-provider': provider.name,
        'data-relay': RELAY_BELOW.replace('{provider}', provider.name),
        readonly: 'readonly',
        'aria-label': `${provider.displayName} relay URL`,
        placeholder: 'paste a Discord webhook URL above',
      }),
      h('button', { type: 'button', 'data-copy': provider.name, disabled: 'disabled' }, 'Copy'),
    ),
    h('p', { class: 'events' }, 'Events: ', provider.events.join(', '), '. ', ...signing),
    h('input', {
      'data-events': provider.name,
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-label': `${provider.displayName} events to forward (optional)`,
      placeholder: `events to forward, optional: ${exampleFilter(provider)}`,
    }),
  );
}

/**
 * A filter worth showing as an example: the provider's first event, and an action of another turned off
 * (for a provider that forwards every event, a pattern and an exception).
 */
const exampleFilter = (provider: Provider) =>
  provider.events.includes('*')
    ? 'a.*,-a.b'
    : [provider.events[0], provider.events[1] ? `-${provider.events[1]}.<action>` : undefined]
        .filter(Boolean)
        .join(',');

/**
 * GET /webhooks for a browser: one self-contained page (no external scripts, styles or fonts).
 * `basePath` precedes the API's paths in the URL the visitor used (the header's links take it).
 */
export function relayPage(providers: readonly Provider[], basePath: string): APIGatewayProxyResult {
  return htmlPage({
    title: 'Webhook relay to Discord',
    style: STYLE,
    script: SCRIPT,
    headers: { Vary: 'Accept' },
    header: siteHeader(basePath, 'relay'),
    body: [
      h('h1', {}, 'Webhook relay to Discord'),
      h(
        'p',
        {},
        'Paste a Discord webhook URL (Channel settings, Integrations, Webhooks, Copy Webhook URL), ' +
          'then give the relay URL below to the service that sends webhooks.',
      ),
      h('p', {}, `To forward only some events, list them under a provider. ${EVENT_FILTER_HELP}`),
      h('label', { for: 'discord-url' }, 'Discord webhook URL'),
      h('input', {
        id: 'discord-url',
        type: 'url',
        autocomplete: 'off',
        spellcheck: 'false',
        placeholder: 'https://discord.com/api/webhooks/123456789012345678/abc...',
      }),
      h('p', { id: 'problem', class: 'problem', role: 'status' }),
      providers.map(providerSection),
    ],
  });
}
