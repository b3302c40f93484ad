import type { Embed } from '../../shared/discord/message';
import type { Provider } from '../../shared/webhooks/provider';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';

/**
 * A provider's reader over JSON payloads sent with `headers`: what it makes of one, and the embed of one it renders.
 */
export function readerOf(provider: Provider, headers: Record<string, string> = {}) {
  const read = (payload: unknown, more: Record<string, string> = {}) =>
    provider.read(toProviderDelivery(jsonRequest({ ...headers, ...more }, payload)));
  const embedOf = (payload: unknown, more?: Record<string, string>): Embed => {
    const outcome = read(payload, more);
    if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
    return outcome.embeds[0] as Embed;
  };
  return { read, embedOf };
}
