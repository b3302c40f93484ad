import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { basecamp, kindWords, plainText } from '../../shared/webhooks/providers/basecamp';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { basecampDeliveries, basecampPayloads } from '../fixtures/basecamp/payloads';

type Payload = { kind: string; id: number; recording: Record<string, unknown> } & Record<string, unknown>;
const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const sample = (event: string) => basecampPayloads[event] as Payload;
const withRecording = (event: string, recording: Record<string, unknown>) => ({
  ...sample(event),
  recording: { ...sample(event).recording, ...recording },
});

const embedOf = (payload: Payload) => {
  const outcome = basecamp.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({
    kind: 'message',
    event: payload.kind,
    deliveryId: String(payload.id),
    username: 'Basecamp',
    embeds: [expect.any(Object)],
  });
  return outcome.embeds[0]!;
};

describe('Basecamp provider', () => {
  test('renders every kind of event (all share one shape); it cannot sign', () => {
    expect(basecamp.events).toEqual(['*']);
    expect(basecamp.signature).toBeUndefined();
    expect(basecamp.headers).toEqual([]);
  });

  test('message_created -> project and title, linked, by whom, the content as text, the board', () => {
    expect(embedOf(sample('message_created'))).toEqual({
      title: '[The Leto Laptop] Message created: Welcome to Basecamp!',
      url: 'https://3.basecamp.com/195539477/buckets/2085958498/messages/9007199254741622',
      author: { name: 'Matt Donahue' },
      color: 0x2ea44f,
      description:
        'Hey all, here are some high res shots of the laptop hardware that we can use. These are not public ' +
        "yet, so be careful with how you share them. We don't want any leaks at all with these images.",
      fields: [{ name: 'Board', value: 'Message Board', inline: true }],
      timestamp: expect.any(String),
    });
  });

  test('todo_completed -> green, the to-do and its list, no content repeated', () => {
    const embed = embedOf(sample('todo_completed'));
    expect(embed).toMatchObject({
      title: '[Zulip HQ] To-do completed: New task',
      url: 'https://3.basecamp.com/3688623/buckets/2957043/todos/427055624',
      author: { name: 'Tomasz' },
      color: 0x2ea44f,
    });
    expect(embed.description).toBeUndefined();
    expect(embed.fields).toEqual([{ name: 'List', value: 'NEW Name TO DO LIST', inline: true }]);
  });

  test('comment_created -> what was commented on, linked to the comment, its text', () => {
    expect(embedOf(sample('comment_created'))).toMatchObject({
      title: '[Zulip HQ] Comment on New task',
      url: 'https://3.basecamp.com/3688623/buckets/2957043/todos/427055624#__recording_427058780',
      description: 'Comment',
      fields: [],
    });
  });

  test('every kind in words: the recording as people call it, the documented action in the past tense', () => {
    expect(kindWords('todo_created')).toEqual({ noun: 'To-do', action: 'created' });
    expect(kindWords('todo_due_date_changed')).toEqual({ noun: 'To-do', action: 'due date changed' });
    expect(kindWords('google_document_trashed')).toEqual({ noun: 'Google document', action: 'moved to the trash' });
    expect(kindWords('question_answer_content_changed')).toEqual({ noun: 'Check-in answer', action: 'edited' });
    expect(kindWords('upload_untrashed')).toEqual({ noun: 'File', action: 'restored from the trash' });
    expect(kindWords('something_new')).toEqual({ noun: 'Something new' });
    const edited = embedOf({ ...withRecording('comment_created', {}), kind: 'comment_content_changed' });
    expect(edited.title).toBe('[Zulip HQ] Comment edited on New task');
    const trashed = embedOf({ ...withRecording('comment_created', {}), kind: 'comment_trashed' });
    expect(trashed.title).toBe('[Zulip HQ] Comment moved to the trash on New task');
    expect(trashed).not.toHaveProperty('description');
    expect(embedOf({ ...sample('todo_completed'), kind: 'todo_uncompleted' }).title).toBe(
      '[Zulip HQ] To-do reopened: New task',
    );
  });

  test('HTML content becomes plain text, cut when long', () => {
    expect(plainText('<div>One &amp; <strong>two</strong><br>three</div><div>four&nbsp;five</div>')).toBe(
      'One & two\nthree\nfour five',
    );
    expect(plainText(`<div>${'x'.repeat(600)}</div>`)).toHaveLength(500);
  });

  test('markdown in payload text cannot change the layout, even once HTML entities are decoded', () => {
    const embed = embedOf(
      withRecording('comment_created', { content: '<div>**x** [y](http://evil) @everyone &lt;b&gt;</div>' }),
    );
    expect(embed.description).toBe('\\*\\*x\\*\\* \\[y\\]\\(http://evil\\) @everyone \\<b\\>');
  });

  test('a delivery with nothing but its kind still says what happened', () => {
    expect(embedOf({ kind: 'todo_created', id: 1, recording: {} })).toMatchObject({
      title: 'To-do created',
      fields: [],
    });
    expect(embedOf(withRecording('message_created', { bucket: undefined })).title).toBe(
      'Message created: Welcome to Basecamp!',
    );
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a payload without kind', delivery({ id: 1 }), /missing the kind field/],
    ['malformed JSON', { headers: {}, body: '{"kind":"message_created"' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => basecamp.read(bad)).toThrow(PayloadError);
    expect(() => basecamp.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of basecampDeliveries)
      expect(basecamp.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
