import { createHash } from 'node:crypto';
import { fitMessage, type DiscordMessage } from '../../shared/discord/message';
import { PayloadError, type Provider } from '../../shared/webhooks/provider';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery, type FixtureDelivery } from '../../test/fixtures/delivery';
import { fixtureDeliveries } from '../../test/fixtures/deliveries';

/**
 * Our half of docs/skyhook.md, which sets our messages beside Skyhook's: which fixture
 * stands for each event and what we make of it. It needs no Skyhook checkout, so a unit test can
 * check the committed table's "ours" column against today's renderers.
 */

/** Our provider names and Skyhook's paths for the same provider, for every provider both relays speak. */
export const SKYHOOK_PATHS: Readonly<Record<string, string>> = {
  appcenter: 'appcenter',
  appveyor: 'appveyor',
  azuredevops: 'azure',
  basecamp: 'basecamp',
  bitbucket: 'bitbucket',
  bitbucketserver: 'bitbucketserver',
  buildkite: 'buildkite',
  circleci: 'circleci',
  codacy: 'codacy',
  confluence: 'confluence',
  dockerhub: 'dockerhub',
  gitlab: 'gitlab',
  heroku: 'heroku',
  huggingface: 'huggingface',
  instana: 'instana',
  jenkins: 'jenkins',
  jira: 'jira',
  linear: 'linear',
  newrelic: 'newrelic',
  patreon: 'patreon',
  pingdom: 'pingdom',
  revenuecat: 'revenuecat',
  rollbar: 'rollbar',
  shopify: 'shopify',
  square: 'square',
  stripe: 'stripe',
  travis: 'travis',
  trello: 'trello',
  unity: 'unity',
  uptimerobot: 'uptimerobot',
  zendesk: 'zendesk',
};

/** What a relay made of one delivery: the message it posts, or why none. */
export type Made =
  | { kind: 'message'; message: DiscordMessage }
  | { kind: 'ignored' }
  | { kind: 'refused' | 'threw'; reason: string };

export interface ComparedFixture {
  provider: Provider;
  fixture: FixtureDelivery;
  /** The event as `?events=` names it, with our action where we read one (`Issue Hook.close`). */
  event: string;
  /** The first 8 hex digits of the body's SHA-256: the table names the payload, so a changed fixture shows. */
  payload: string;
  ours: Made;
}

function ourMessage(provider: Provider, fixture: FixtureDelivery): { made: Made; action?: string } {
  try {
    const outcome = provider.read(toProviderDelivery(fixture));
    if (outcome.kind === 'ignored') return { made: { kind: 'ignored' } };
    return {
      made: { kind: 'message', message: fitMessage({ username: outcome.username, embeds: outcome.embeds }) },
      action: outcome.action,
    };
  } catch (error) {
    if (error instanceof PayloadError) return { made: { kind: 'refused', reason: error.message } };
    throw error;
  }
}

/**
 * One fixture per event and action of every provider Skyhook speaks too (the first of each), in the registry's order.
 */
export function comparedFixtures(): ComparedFixture[] {
  return providers
    .filter((provider) => provider.name in SKYHOOK_PATHS)
    .flatMap((provider) => {
      const seen = new Set<string>();
      return (fixtureDeliveries[provider.name] ?? []).flatMap((fixture) => {
        const { made, action } = ourMessage(provider, fixture);
        const event = action ? `${fixture.event}.${action}` : fixture.event;
        if (seen.has(event)) return [];
        seen.add(event);
        return [
          {
            provider,
            fixture,
            event,
            payload: createHash('sha256').update(fixture.body).digest('hex').slice(0, 8),
            ours: made,
          },
        ];
      });
    });
}

/**
 * A text as a Markdown table cell: on one line, its `|` escaped. Titles are shown as posted (ours
 * with Discord's markdown escapes, which GitHub renders the same way), so an escaped `\|` stays.
 */
export const cell = (text: string): string => text.replace(/\r?\n/g, ' ⏎ ').replace(/(?<!\\)\|/g, '\\|');

/** The title column: the first embed's title as posted, or what happened instead. */
export function titleCell(made: Made): string {
  if (made.kind === 'ignored') return '*ignored*';
  if (made.kind !== 'message') return `*${made.kind}: ${cell((made.reason.split('\n')[0] ?? '').slice(0, 120))}*`;
  const [embed] = made.message.embeds ?? [];
  if (embed?.title) return cell(embed.title);
  const instead = embed?.author?.name ?? embed?.description ?? made.message.content;
  return instead ? `*no title; says:* ${cell(instead.slice(0, 120))}` : '*no title*';
}

/** The heading of a provider's section in docs/skyhook.md. */
export const sectionHeading = (provider: Provider): string => `## ${provider.displayName} (\`${provider.name}\`)`;

/** The first three cells of a row, ours: event, payload, our title (Skyhook's cells follow). */
export const ourCells = (compared: ComparedFixture): string[] => [
  `\`${compared.event}\``,
  `\`${compared.payload}\``,
  titleCell(compared.ours),
];

/** A table row of cells, as the generator writes it and the test reads it back. */
export const tableRow = (cells: string[]): string => `| ${cells.join(' | ')} |`;

/** The rows of docs/skyhook.md by provider section, each cut to its first three cells (ours). */
export function ourColumnsOf(doc: string): string[] {
  const rows: string[] = [];
  let section = '';
  for (const line of doc.split('\n')) {
    if (line.startsWith('## ')) section = line;
    else if (/^\| `/.test(line)) rows.push(`${section} ${tableRow(splitRow(line).slice(0, 3))}`);
  }
  return rows;
}

/**
 * A row's cells, split at the `|` that are not escaped (a backslash escapes the character after it, a backslash too).
 */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  const text = line.slice(2, -2);
  let current = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      current += text.slice(i, i + 2);
      i += 1;
    } else if (text.startsWith(' | ', i)) {
      cells.push(current);
      current = '';
      i += 2;
    } else {
      current += text[i];
    }
  }
  return [...cells, current];
}
