import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { trello } from '../../shared/webhooks/providers/trello';
import { readerOf } from '../support/providerReads';
import { trelloDeliveries } from '../fixtures/trello/payloads';

const comment = JSON.parse(trelloDeliveries[0]!.body);
const { read, embedOf } = readerOf(trello);
const withAction = (type: string, data: Record<string, unknown>) => ({ ...comment, action: { ...comment.action, type, data: { ...comment.action.data, text: undefined, ...data } } });

describe('Trello provider', () => {
  test('commentCard -> the board, card and list, the comment (escaped), who, linked to the card; keyed by the action id', () => {
    expect(read(comment)).toMatchObject({ kind: 'message', event: 'commentCard', deliveryId: '5946eae0be7d3669fc554adf', username: 'Trello' });
    expect(embedOf(comment)).toMatchObject({
      title: '[Example Board] New comment: Example Card',
      url: 'https://trello.com/c/Hz7qP25x',
      author: { name: 'Daniel Scalzi' },
      description: '\\*\\*Example Comment\\*\\*\n\nThis is an example comment.',
      fields: [{ name: 'List', value: 'Examples', inline: true }],
    });
  });

  test('an updateCard says what changed: a move between lists, archiving, a new name', () => {
    expect(embedOf(withAction('updateCard', { listBefore: { name: 'To do' }, listAfter: { name: 'Done' } })).description).toBe('Moved from To do to Done');
    const archived = embedOf(withAction('updateCard', { old: { closed: false }, card: { ...comment.action.data.card, closed: true } }));
    expect(archived).toMatchObject({ title: '[Example Board] Card updated: Example Card', description: 'Archived', color: 0x6a737d });
    expect(embedOf(withAction('updateCard', { old: { name: 'Old' } })).description).toBe('Renamed from Old');
    expect(embedOf(withAction('addLabelToCard', {})).title).toBe('[Example Board] Add label to card: Example Card');
  });

  test('signed over the body followed by the callback URL; a body without an action is refused', () => {
    expect(trello.signature).toMatchObject({ header: 'X-Trello-Webhook', algorithm: 'sha1', encoding: 'base64', signs: { url: 'after body' } });
    expect(() => read({ model: {} })).toThrow(/missing the action.type field/);
    expect(() => read({ action: { type: 'createCard', id: 'a' } })).toThrow(PayloadError);
  });
});
