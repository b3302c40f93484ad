import { EVERY_OTHER_EVENT, type Provider } from './provider';

/**
 * Which events a relay URL forwards, from its `events` query parameter: a comma-separated list
 * of entries, each an event (`push`), an event and action (`pull_request.opened`), or every event
 * under a prefix (`payment_intent.*`); an entry starting with `-` turns matching deliveries off
 * (`-pull_request.labeled`). With only exclusions, everything else is forwarded.
 */
export interface EventFilter {
  only: string[];
  except: string[];
}

/** How a filter is written, in words: GET /webhooks, the relay page and the OpenAPI document say it so. */
export const EVENT_FILTER_HELP =
  'Which events a relay URL forwards, in its events parameter, comma-separated: an event (push), an event and ' +
  'its action (pull_request.opened), or every event under a prefix (payment_intent.*); a leading - turns one ' +
  'off (-pull_request.labeled). Without it every rendered event is forwarded; the others are answered ' +
  '"filtered".';

/** Entries in one filter, and the longest entry: a URL parameter, kept small. */
const MAX_ENTRIES = 50;
const MAX_ENTRY = 100;

/** Whether `entry` names this event (with this action). */
function matches(entry: string, event: string, action: string | undefined): boolean {
  if (entry.endsWith('.*')) return event === entry.slice(0, -2) || event.startsWith(entry.slice(0, -1));
  return entry === event || (action !== undefined && entry === `${event}.${action}`);
}

/** Whether a delivery of `event` (with `action`) is forwarded under `filter`. */
export function forwards(filter: EventFilter | undefined, event: string, action?: string): boolean {
  if (!filter) return true;
  if (filter.except.some((entry) => matches(entry, event, action))) return false;
  return filter.only.length === 0 || filter.only.some((entry) => matches(entry, event, action));
}

/**
 * Could `entry` ever match one of the provider's events: the event, a prefix of events, or the
 * event and one action (`issues.opened`, not `issues.opened.x`)? Every entry can for providers
 * that render every event.
 */
function knownTo(provider: Provider, entry: string): boolean {
  if (provider.events.includes(EVERY_OTHER_EVENT)) return true;
  return provider.events.some(
    (event) =>
      matches(entry, event, undefined) ||
      (entry.startsWith(`${event}.`) && !entry.slice(event.length + 1).includes('.')),
  );
}

/** Parses the `events` parameter for `provider`; a string saying what is wrong with it instead, if anything is. */
export function parseEventFilter(text: string | undefined, provider: Provider): EventFilter | string | undefined {
  if (text === undefined) return undefined;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'must name at least one event';
  if (entries.length > MAX_ENTRIES) return `may name at most ${MAX_ENTRIES} events`;
  const filter: EventFilter = { only: [], except: [] };
  for (const raw of entries) {
    const entry = raw.startsWith('-') ? raw.slice(1) : raw;
    if (!entry || entry.length > MAX_ENTRY || /[\u0000-\u001f\u007f]/.test(entry))
      return `has an entry that is not an event name: ${JSON.stringify(raw.slice(0, MAX_ENTRY))}`;
    if (!knownTo(provider, entry))
      return `names ${entry}, which is not one of ${provider.displayName}'s events (${provider.events.join(', ')})`;
    (raw.startsWith('-') ? filter.except : filter.only).push(entry);
  }
  return filter;
}
