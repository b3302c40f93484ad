import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { sha256Hex } from '../../shared/crypto/hash';
import { routes } from '../../shared/routes/table';
import { API_METRICS } from '../../shared/observability/metrics';
import { discordKnows } from '../support/fakeDiscord';
import { call } from '../support/localApi';
import { RELAY_KEY, startRelayHarness, TOKEN, type RelayHarness } from '../support/relayHarness';

// Metrics are off outside Lambda (the local server); on here, so their EMF lines can be read.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';

let harness: RelayHarness;
const written: string[] = [];

beforeAll(async () => {
  harness = await startRelayHarness();
  const id = harness.hookId();
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  try {
    await harness.star(id);
    // A token Discord refuses (401): counted as Discord's refusal, not the relay's.
    harness.discord.script(discordKnows(TOKEN));
    await harness.star(harness.hookId(), 'refused-1', 'x'.repeat(68));
    await harness.putSecrets(id, { github: 'a-signing-secret-of-the-owner' });
    const image = Object.values(routes).find((route) => route.response === 'svg');
    await call(`${harness.api.url}${image?.path}`, { key: RELAY_KEY });
  } finally {
    write.mockRestore();
  }
}, 60_000);

afterAll(() => harness.close());

/** Every EMF document written, with its dimension names and values. */
const emf = () =>
  written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"CloudWatchMetrics"'))
    .map(
      (line) =>
        JSON.parse(line) as Record<string, unknown> & {
          _aws: { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] };
        },
    );

describe('metrics and logs of real requests', () => {
  test('carry no key, key hash, webhook token or Discord webhook URL', () => {
    const out = written.join('');
    expect(emf().length).toBeGreaterThan(0);
    for (const secret of [RELAY_KEY, sha256Hex(RELAY_KEY), TOKEN, sha256Hex(TOKEN), harness.discord.apiBase])
      expect(out).not.toContain(secret);
  });

  test('count requests by route id and status class, and relay deliveries by provider and outcome', () => {
    const documents = emf();
    const requests = documents.filter((doc) => API_METRICS.requests in doc);
    expect(requests.map((doc) => doc.route)).toEqual(expect.arrayContaining(['relayWebhook', 'putWebhookSecrets']));
    const relayed = documents.filter((doc) => API_METRICS.relayDeliveries in doc);
    expect(relayed.map(({ provider, outcome }) => ({ provider, outcome }))).toEqual([
      { provider: 'github', outcome: 'forwarded' },
      { provider: 'github', outcome: 'refusedByDiscord' },
    ]);
  });

  test('have bounded dimensions only: route ids, status classes, providers, outcomes, the service', () => {
    const routeIds = new Set(Object.keys(routes));
    for (const doc of emf())
      for (const name of doc._aws.CloudWatchMetrics.flatMap((metric) => metric.Dimensions.flat())) {
        const value = String(doc[name]);
        if (name === 'route') expect(routeIds.has(value)).toBe(true);
        else if (name === 'statusClass') expect(value).toMatch(/^[2-5]xx$/);
        else if (name === 'outcome') expect(value).toMatch(/^(forwarded|queued|ignored|refused|refusedByDiscord)$/);
        else expect(['service', 'provider', 'function_name']).toContain(name);
        expect(value).not.toContain('/');
      }
  });
});
