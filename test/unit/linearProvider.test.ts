import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { linear } from '../../shared/webhooks/providers/linear';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { linearDeliveries, linearPayloads as payloads } from '../fixtures/linear/payloads';

const delivery = (payload: unknown, headers: Record<string, string> = {}): ProviderDelivery =>
  toProviderDelivery(jsonRequest(headers, payload));

const embedOf = (payload: unknown, event = (payload as { type: string }).type) => {
  const outcome = linear.read(delivery(payload, { 'Linear-Event': event }));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toMatchObject({ event, username: 'Linear' });
  return outcome.embeds[0]!;
};

describe('Linear provider', () => {
  test('renders issues, comments, projects, updates and other entities, signed in Linear-Signature', () => {
    expect(linear.events).toEqual(['Issue', 'Comment', 'Project', 'ProjectUpdate', '*']);
    expect(linear.signature).toEqual({
      kind: 'hmac',
      header: 'Linear-Signature',
      algorithm: 'sha256',
      encoding: 'hex',
    });
    expect(linear.headers).toEqual([
      { name: 'Linear-Event', carries: 'event' },
      { name: 'Linear-Delivery', carries: 'delivery id' },
      { name: 'Linear-Signature', carries: 'signature' },
    ]);
  });

  test("the event comes from Linear-Event (the body's type without it), the id from Linear-Delivery", () => {
    expect(
      linear.read(delivery(payloads['Comment create'], { 'Linear-Event': 'Comment', 'Linear-Delivery': 'abc' })),
    ).toMatchObject({ kind: 'message', event: 'Comment', deliveryId: 'abc' });
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

  test('a new issue shows its description; its cycle and (without a label) its priority number in words', () => {
    const issue = payloads['Issue create'];
    const embed = embedOf({
      ...issue,
      data: {
        ...issue.data,
        description: 'Steps: **one**',
        priorityLabel: undefined,
        priority: 1,
        cycle: { number: 4 },
      },
    });
    expect(embed.description).toBe('Steps: \\*\\*one\\*\\*');
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        { name: 'Priority', value: 'Urgent', inline: true },
        { name: 'Cycle', value: 'Cycle 4', inline: true },
      ]),
    );
  });

  test('Issue update -> what really changed (not the unchanged empty fields Linear listed), the assignee', () => {
    const embed = embedOf(payloads['Issue update']);
    expect(embed).toMatchObject({
      title: '[korosuke613] Issue assigned to user@example.com: KOR-11 webhook test',
      color: 0x0366d6,
      description: 'Changed: assignee',
    });
    expect(embed.fields).toContainEqual({ name: 'Assignee', value: 'user@example.com', inline: true });
    const edited = embedOf(payloads['Issue update description']);
    expect(edited).toMatchObject({
      title: '[Linear hill charts] Issue updated: LIN-34 Foobar',
      url: 'https://linear.app/linear-hill-charts/issue/LIN-34/foobar',
      description: 'Changed: description',
    });
    expect(edited.fields).toContainEqual({ name: 'Project', value: 'Testing', inline: true });
  });

  test('completed issues read as merged, cancelled or removed ones as closed; an identifier given is used', () => {
    const base = payloads['Issue update'];
    const withState = (type: string, action = 'update') =>
      embedOf({ ...base, action, data: { ...base.data, identifier: 'ENG-1', state: { name: type, type } } });
    expect(withState('completed')).toMatchObject({
      color: 0x6f42c1,
      title: '[korosuke613] Issue assigned to user@example.com: ENG-1 webhook test',
    });
    const moved = embedOf({
      ...base,
      updatedFrom: { stateId: 'a' },
      data: { ...base.data, stateId: 'b', state: { name: 'Done', type: 'completed' } },
    });
    expect(moved).toMatchObject({
      title: '[korosuke613] Issue moved to Done: KOR-11 webhook test',
      description: 'Changed: state',
    });
    expect(withState('canceled').color).toBe(0xd73a49);
    expect(withState('backlog', 'remove')).toMatchObject({
      color: 0xd73a49,
      title: '[korosuke613] Issue removed: ENG-1 webhook test',
    });
  });

  test('Comment -> its text, author and link; the issue when the payload names it', () => {
    expect(embedOf(payloads['Comment create'])).toMatchObject({
      title: 'Comment added',
      url: 'https://linear.app/issue/LIN-1778/foo-bar#comment-77217de3-fb52-4dad-bb9a-b356beb93de8',
      author: { name: 'Linear Orbit', url: 'https://linear.app/company/profiles/orbit' },
      color: 0x0366d6,
      description: 'Indeed, I think this is definitely an improvement over the previous version.',
    });
    expect(embedOf(payloads['Comment create with issue'])).toMatchObject({
      title: 'Comment on Save comments!',
      author: { name: 'Morgan' },
      description: 'This is a comment created',
    });
    expect(embedOf({ ...payloads['Comment create with issue'], action: 'update' })).toMatchObject({
      title: 'Comment edited on Save comments!',
      description: 'This is a comment created',
    });
    const removed = embedOf({ ...payloads['Comment create'], action: 'remove' });
    expect(removed).toMatchObject({ title: 'Comment deleted', color: 0x6a737d });
    expect(removed).not.toHaveProperty('description');
  });

  test("Project and ProjectUpdate -> the project, its status, lead and dates; an update's health and text", () => {
    const project = {
      action: 'update',
      type: 'Project',
      url: 'https://linear.app/x/project/p',
      data: { name: 'Q2', status: { name: 'Started' }, lead: { name: 'Ann' }, targetDate: '2026-06-02' },
      updatedFrom: { statusId: 'old' },
    };
    expect(embedOf(project)).toMatchObject({
      title: 'Project status set to Started: Q2',
      url: 'https://linear.app/x/project/p',
      fields: [
        { name: 'Status', value: 'Started', inline: true },
        { name: 'Lead', value: 'Ann', inline: true },
        { name: 'Target date', value: '2026\\-06\\-02', inline: true },
      ],
    });
    expect(embedOf({ ...project, action: 'remove', updatedFrom: undefined }).title).toBe('Project removed: Q2');
    const update = {
      action: 'create',
      type: 'ProjectUpdate',
      data: { body: 'On it', health: 'offTrack', project: { name: 'Q2', url: 'https://linear.app/x/project/p' } },
    };
    expect(embedOf(update)).toMatchObject({
      title: 'Project update posted on Q2',
      url: 'https://linear.app/x/project/p',
      color: 0xd73a49,
      description: 'On it',
      fields: [{ name: 'Health', value: 'Off track', inline: true }],
    });
  });

  test('any other entity by its type and name', () => {
    expect(embedOf({ action: 'create', type: 'Cycle', data: { number: 3 } }).title).toBe('Cycle created: Cycle 3');
    expect(embedOf({ action: 'create', type: 'IssueLabel', data: { name: 'Bug' } }).title).toBe(
      'Issue label created: Bug',
    );
    expect(embedOf({ action: 'remove', type: 'Reaction', data: { emoji: '👍' } }).title).toBe('Reaction removed: 👍');
  });

  test('markdown in payload text cannot change the layout', () => {
    const body = {
      ...payloads['Comment create'],
      data: { ...payloads['Comment create'].data, body: '**bold** [x](http://evil) @everyone' },
    };
    expect(embedOf(body).description).toBe('\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone');
    const issue = payloads['Issue update'];
    expect(embedOf({ ...issue, data: { ...issue.data, assignee: { name: '__ada__' } } }).fields).toContainEqual({
      name: 'Assignee',
      value: '\\_\\_ada\\_\\_',
      inline: true,
    });
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    [
      'no Linear-Event and no type',
      delivery({ action: 'create', data: {} }),
      /missing the Linear-Event header or the type field/,
    ],
    ['malformed JSON', { headers: { 'linear-event': 'Issue' }, body: 'nope' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => linear.read(bad)).toThrow(PayloadError);
    expect(() => linear.read(bad)).toThrow(reason);
  });

  test('an issue without its title still renders, with what it has', () => {
    expect(embedOf({ ...payloads['Issue create'], data: { number: 1 } }, 'Issue').title).toBe('Issue created');
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of linearDeliveries)
      expect(linear.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
