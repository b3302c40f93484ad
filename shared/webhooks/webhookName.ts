import { providerNamed } from './providers/index';

/**
 * A webhook's name until its owner gives one: the provider it was saved for and the end of its id
 * ("GitHub …6789"), so two webhooks of one provider still read apart.
 */
export function defaultWebhookName(webhookId: string, providerNames: readonly string[]): string {
  const [first] = [...providerNames].sort();
  const provider = first ? (providerNamed(first)?.displayName ?? first) : 'Webhook';
  return `${provider} …${webhookId.slice(-4)}`;
}
