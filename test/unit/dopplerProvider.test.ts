import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { doppler } from '../../shared/webhooks/providers/doppler';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { dopplerDeliveries, dopplerPayloads } from '../fixtures/doppler/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const update = dopplerPayloads['config.secrets.update'] as Record<string, unknown>;

const embedOf = (payload: unknown = update) => {
  const outcome = doppler.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  // Doppler deliveries carry no id.
  expect(outcome).toEqual({
    kind: 'message',
    event: 'config.secrets.update',
    username: 'Doppler',
    embeds: [expect.any(Object)],
  });
  return outcome.embeds[0]!;
};

describe('Doppler provider', () => {
  test('renders its one event (under its earlier Enclave name too), signed with sha256= in X-Doppler-Signature', () => {
    expect(doppler.events).toEqual(['config.secrets.update', 'enclave.project.config.secrets.update']);
    expect(doppler.signature).toEqual({
      kind: 'hmac',
      header: 'x-doppler-signature',
      algorithm: 'sha256',
      encoding: 'hex',
      prefix: 'sha256=',
    });
  });

  test('the Enclave-named event of earlier webhooks renders as the current one', () => {
    const outcome = doppler.read(
      toProviderDelivery(jsonRequest({}, dopplerPayloads['enclave.project.config.secrets.update'])),
    );
    expect(outcome).toMatchObject({
      kind: 'message',
      event: 'enclave.project.config.secrets.update',
      embeds: [{ title: '[Backend] Secrets updated in dev_2', author: { name: 'Pied Piper' } }],
    });
  });

  test('config.secrets.update -> project, environment, config and the names changed', () => {
    const embed = embedOf();
    expect(embed).toMatchObject({
      title: '[Backend] Secrets updated in dev_2',
      color: 0x0366d6,
      author: { name: 'Pied Piper' },
    });
    expect(embed.fields).toEqual([
      { name: 'Project', value: 'Backend', inline: true },
      { name: 'Environment', value: 'dev', inline: true },
      { name: 'Config', value: 'dev\\_2', inline: true },
      { name: 'Added (1)', value: 'STRIPE\\_WEBHOOK\\_SECRET' },
      { name: 'Updated (2)', value: 'DATABASE\\_URL, API\\_KEY' },
    ]);
  });

  test('the documented payload without a diff still renders; removals are flagged; long lists are cut', () => {
    const { diff: _diff, ...plain } = update;
    expect(embedOf(plain).fields).toHaveLength(3);
    const many = Array.from({ length: 25 }, (_, i) => `K${i}`);
    const embed = embedOf({ ...update, diff: { removed: many } });
    expect(embed.color).toBe(0xdbab09);
    expect(embed.fields?.[3]).toEqual({ name: 'Removed (25)', value: `${many.slice(0, 20).join(', ')} and 5 more` });
  });

  test('nothing but names reaches the message: a value in the payload is never shown', () => {
    const embed = embedOf({
      ...update,
      secrets: { API_KEY: { raw: 'sk_live_do_not_show', computed: 'sk_live_do_not_show' } },
    });
    expect(JSON.stringify(embed)).not.toContain('sk_live_do_not_show');
  });

  test('markdown in payload text cannot change the layout; mentions stay text', () => {
    const embed = embedOf({ ...update, project: { name: '**Back** [x](http://evil) @everyone' } });
    expect(embed.fields?.[0]?.value).toBe('\\*\\*Back\\*\\* \\[x\\]\\(http://evil\\) @everyone');
  });

  test('an update without its config (issue 32) renders with the project and the names', () => {
    expect(embedOf({ ...update, config: undefined })).toMatchObject({
      title: '[Backend] Secrets updated',
      fields: [
        { name: 'Project', value: 'Backend', inline: true },
        expect.objectContaining({ name: 'Added (1)' }),
        expect.objectContaining({ name: 'Updated (2)' }),
      ],
    });
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(doppler.read(delivery({ type: 'config.created' }))).toEqual({ kind: 'ignored', event: 'config.created' });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a custom payload without type', delivery({ hello: 'world' }), /missing the type field/],
    ['malformed JSON', { headers: {}, body: 'type=config' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => doppler.read(bad)).toThrow(PayloadError);
    expect(() => doppler.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of dopplerDeliveries)
      expect(doppler.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
