import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { patreon } from '../../shared/webhooks/providers/patreon';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { patreonDeliveries, patreonPayloads as payloads } from '../fixtures/patreon/payloads';

const delivery = (event: string, payload: unknown): ProviderDelivery =>
  toProviderDelivery(jsonRequest({ 'X-Patreon-Event': event }, payload));
const member = payloads['members:create'];
const pledge = payloads['pledges:create'];

const embedOf = (event: string, payload: unknown) => {
  const outcome = patreon.read(delivery(event, payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  // Patreon deliveries carry no id.
  expect(outcome).toEqual({ kind: 'message', event, username: 'Patreon', embeds: [expect.any(Object)] });
  return outcome.embeds[0]!;
};

describe('Patreon provider', () => {
  test('renders new members and pledges, signed with a hex HMAC-MD5 in X-Patreon-Signature', () => {
    expect(patreon.events).toEqual([
      'members:create',
      'members:update',
      'members:delete',
      'members:pledge:create',
      'members:pledge:update',
      'members:pledge:delete',
      'pledges:create',
    ]);
    expect(patreon.signature).toEqual({
      kind: 'hmac',
      header: 'X-Patreon-Signature',
      algorithm: 'md5',
      encoding: 'hex',
    });
  });

  test('members:create -> member, campaign, patron, pledge, status, charge, support, tier', () => {
    expect(embedOf('members:create', member)).toMatchObject({
      title: 'New member: Patreon User (The Campaign)',
      url: 'https://www.patreon.com/thecampaign',
      author: { name: 'Patreon User', url: 'https://www.patreon.com/patreonuser' },
      color: 0x2ea44f,
      fields: [
        { name: 'Pledge', value: '1.50 USD / month', inline: true },
        { name: 'Status', value: 'Active patron', inline: true },
        { name: 'Last charge', value: 'Paid', inline: true },
        { name: 'Lifetime support', value: '123.45 USD', inline: true },
        // No entitled tier is named: the dearest published reward the
        // 1.50 pays for, linked, with what it gives and the links in it.
        {
          name: 'Tier',
          value:
            '[Patron on Discord \\(from 1.00 ' +
            'USD\\)](https://www.patreon.com/join/thecampaign/checkout?rid=5050505)\nEarn the Patron rank on ' +
            'our [Discord Server](https://discord.gg/abcdefg).',
          inline: true,
        },
      ],
    });
  });

  test("a member's entitled tiers are named from the included tiers", () => {
    const data = {
      ...member.data,
      relationships: { ...member.data.relationships, currently_entitled_tiers: { data: [{ id: '42', type: 'tier' }] } },
    };
    const embed = embedOf('members:create', {
      ...member,
      data,
      included: [...member.included, { type: 'tier', id: '42', attributes: { title: 'Gold' } }],
    });
    expect(embed.fields?.at(-1)).toEqual({ name: 'Tier', value: 'Gold', inline: true });
  });

  test('pledges:create -> amount, patron and campaign, the reward pledged for, linked, with what it gives', () => {
    expect(embedOf('pledges:create', pledge)).toMatchObject({
      title: 'New pledge of 1.50 USD from Patreon User (The Campaign)',
      url: 'https://www.patreon.com/thecampaign',
      author: { name: 'Patreon User' },
      color: 0x2ea44f,
      fields: [
        {
          name: 'Reward',
          value:
            '[Patron on Discord \\(from 1.00 ' +
            'USD\\)](https://www.patreon.com/join/thecampaign/checkout?rid=5050505)\nEarn the Patron rank on ' +
            'our [Discord Server](https://discord.gg/abcdefg).',
          inline: true,
        },
      ],
    });
  });

  test('without the included resources the message still says what happened', () => {
    const { included: _i, ...bare } = pledge;
    const embed = embedOf('pledges:create', bare);
    expect(embed.title).toBe('New pledge of 1.50 USD');
    expect(embed.fields).toBeUndefined();
  });

  test('markdown in payload text cannot change the layout', () => {
    const included = pledge.included.map((item) =>
      item.type === 'reward' && item.id === '5050505'
        ? {
            ...item,
            attributes: {
              ...item.attributes,
              title: '**Gold** [x](http://evil) @everyone',
              description: '<b>**x**</b>',
              url: 'javascript:alert(1)',
            },
          }
        : item,
    );
    expect(embedOf('pledges:create', { ...pledge, included }).fields?.[0]?.value).toBe(
      '\\*\\*Gold\\*\\* \\[x\\]\\(http://evil\\) @everyone \\(from 1.00 USD\\)\n\\*\\*x\\*\\*',
    );
  });

  test('a membership or pledge changed or ended is never told as new', () => {
    expect(embedOf('members:update', member).title).toBe('Member updated: Patreon User (The Campaign)');
    expect(embedOf('members:delete', member)).toMatchObject({
      title: 'Member removed: Patreon User (The Campaign)',
      color: 0xd73a49,
    });
    expect(embedOf('members:pledge:create', member).title).toBe(
      'New pledge of 1.50 USD from Patreon User (The Campaign)',
    );
    expect(embedOf('members:pledge:update', member).title).toBe(
      'Pledge changed to 1.50 USD by Patreon User (The Campaign)',
    );
    expect(embedOf('members:pledge:delete', member).title).toBe(
      'Pledge of 1.50 USD canceled by Patreon User (The Campaign)',
    );
  });

  test('an event we do not render is ignored, not an error', () => {
    expect(patreon.read(delivery('posts:publish', member))).toEqual({ kind: 'ignored', event: 'posts:publish' });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['no X-Patreon-Event', toProviderDelivery(jsonRequest({}, member)), /missing the X-Patreon-Event header/],
    ['malformed JSON', { headers: { 'x-patreon-event': 'members:create' }, body: '' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => patreon.read(bad)).toThrow(PayloadError);
    expect(() => patreon.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of patreonDeliveries)
      expect(patreon.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
