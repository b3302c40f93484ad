import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { linear } from '../../shared/webhooks/providers/linear';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { linearDeliveries, linearPayloads as payloads } from '../fixtures/linear/payloads';

const delivery = (payload: unknown, headers: Record<string, string> = {}): ProviderDelivery => toProviderDelivery(jsonRequest(headers, payload));

const embedOf = (payload: unknown, event = (payload as { type: string }).type) => {
  const outcome = linear.read(delivery(payload, { 'Linear-Event': event }));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event, username: 'Linear' });
  return outcome.embeds[0]!;
};

describe('Linear provider', () => {
  test('renders issues and comments, signed with a hex HMAC-SHA256 in Linear-Signature', () => {
    expect(linear.events).toEqual(['Issue', 'Comment']);
    expect(linear.signature).toEqual({ kind: 'hmac', header: 'Linear-Signature', algorithm: 'sha256', encoding: 'hex' });
    expect(linear.headers).toEqual([
      { name: 'Linear-Event', carries: 'event' },
      { name: 'Linear-Delivery', carries: 'delivery id' },
      { name: 'Linear-Signature', carries: 'signature' },
    ]);
  });

  test('the event comes from Linear-Event (the body\'s type without it), the id from Linear-Delivery', () => {
    expect(linear.read(delivery(payloads['Comment create'], { 'Linear-Event': 'Comment', 'Linear-Delivery': 'abc' }))).toMatchObject({ kind: 'message', event: 'Comment', deliveryId: 'abc' });
    expect(linear.read(delivery(payloads['Issue create']))).toMatchObject({ kind: 'message', event: 'Issue' });
  });

  test('Issue create -> team, identifier (built from team key and number) and title, link, state and priority', () => {
    expect(embedOf(payloads['Issue create'])).toEqual({
      title: '[korosuke613] Issue created: KOR-11 webhook test',
      url: 'https://linear.app/korosuke613/issue/KOR-11/webhook-test',
      color: 0x2ea44f,
      fields: [
        { name: 'State', value: 'Backlog', inline: true },
        { name: 'Priority', value: 'No priority', inline: true },
      ],
      timestamp: expect.any(String),
    });
  });

  test('Issue update -> what really changed (not the unchanged empty fields Linear listed), the assignee', () => {
    const embed = embedOf(payloads['Issue update']);
    expect(embed).toMatchObject({ title: '[korosuke613] Issue updated: KOR-11 webhook test', color: 0x0366d6, description: 'Changed: assignee' });
    expect(embed.fields).toContainEqual({ name: 'Assignee', value: 'user@example.com', inline: true });
    const edited = embedOf(payloads['Issue update description']);
    expect(edited).toMatchObject({ title: '[Linear hill charts] Issue updated: LIN-34 Foobar', url: 'https://linear.app/linear-hill-charts/issue/LIN-34/foobar', description: 'Changed: description' });
    expect(edited.fields).toContainEqual({ name: 'Project', value: 'Testing', inline: true });
  });

  test('completed issues read as merged, cancelled or removed ones as closed; an identifier given is used', () => {
    const base = payloads['Issue update'];
    const withState = (type: string, action = 'update') => embedOf({ ...base, action, data: { ...base.data, identifier: 'ENG-1', state: { name: type, type } } });
    expect(withState('completed')).toMatchObject({ color: 0x6f42c1, title: '[korosuke613] Issue updated: ENG-1 webhook test' });
    expect(withState('canceled').color).toBe(0xd73a49);
    expect(withState('backlog', 'remove')).toMatchObject({ color: 0xd73a49, title: '[korosuke613] Issue removed: ENG-1 webhook test' });
  });

  test('Comment -> its text, author and link; the issue when the payload names it', () => {
    expect(embedOf(payloads['Comment create'])).toMatchObject({
      title: 'New comment',
      url: 'https://linear.app/issue/LIN-1778/foo-bar#comment-77217de3-fb52-4dad-bb9a-b356beb93de8',
      author: { name: 'Linear Orbit', url: 'https://linear.app/company/profiles/orbit' },
      color: 0x0366d6,
      description: 'Indeed, I think this is definitely an improvement over the previous version.',
    });
    expect(embedOf(payloads['Comment create with issue'])).toMatchObject({ title: 'New comment on Save comments!', author: { name: 'Morgan' }, description: 'This is a comment created' });
    expect(embedOf({ ...payloads['Comment create'], action: 'remove' })).toMatchObject({ title: 'Comment removed', color: 0x6a737d });
  });

  test('markdown in payload text cannot change the layout', () => {
    const body = { ...payloads['Comment create'], data: { ...payloads['Comment create'].data, body: '**bold** [x](http://evil) @everyone' } };
    expect(embedOf(body).description).toBe('\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone');
    const issue = payloads['Issue update'];
    expect(embedOf({ ...issue, data: { ...issue.data, assignee: { name: '__ada__' } } }).fields).toContainEqual({ name: 'Assignee', value: '\\_\\_ada\\_\\_', inline: true });
  });

  test('an entity we do not render is ignored, not an error', () => {
    expect(linear.read(delivery({ action: 'update', type: 'Project', data: {} }, { 'Linear-Event': 'Project' }))).toEqual({ kind: 'ignored', event: 'Project' });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['no Linear-Event and no type', delivery({ action: 'create', data: {} }), /missing the Linear-Event header or the type field/],
    ['malformed JSON', { headers: { 'linear-event': 'Issue' }, body: 'nope' }, /not valid JSON/],
    ['an issue without its title', delivery({ ...payloads['Issue create'], data: { number: 1 } }, { 'Linear-Event': 'Issue' }), /not a Linear Issue payload: data.title/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => linear.read(bad)).toThrow(PayloadError);
    expect(() => linear.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of linearDeliveries) expect(linear.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
