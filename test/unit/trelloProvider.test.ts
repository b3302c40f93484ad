import { describe, expect, test } from '@jest/globals';
import { actionWords, trello } from '../../shared/webhooks/providers/trello';
import { readerOf } from '../support/providerReads';
import { trelloDeliveries } from '../fixtures/trello/payloads';

const comment = JSON.parse(trelloDeliveries[0]!.body);
const { read, embedOf } = readerOf(trello);
const withAction = (type: string, data: Record<string, unknown>) => ({
  ...comment,
  action: { ...comment.action, type, data: { ...comment.action.data, text: undefined, ...data } },
});

describe('Trello provider', () => {
  test('commentCard -> board, card, list, escaped comment, who, linked; keyed by the action id', () => {
    expect(read(comment)).toMatchObject({
      kind: 'message',
      event: 'commentCard',
      deliveryId: '5946eae0be7d3669fc554adf',
      username: 'Trello',
    });
    expect(embedOf(comment)).toMatchObject({
      title: '[Example Board] Comment on card: Example Card',
      url: 'https://trello.com/c/Hz7qP25x#comment-5946eae0be7d3669fc554adf',
      author: { name: 'Daniel Scalzi', url: 'https://trello.com/danielscalzi' },
      description: '\\*\\*Example Comment\\*\\*\n\nThis is an example comment.',
      fields: [{ name: 'List', value: 'Examples', inline: true }],
    });
  });

  test("an updateCard's title says what changed: list, archiving, name, description", () => {
    expect(
      embedOf(withAction('updateCard', { listBefore: { name: 'To do' }, listAfter: { name: 'Done' } })),
    ).toMatchObject({
      title: '[Example Board] Card moved to Done: Example Card',
      description: 'Moved from To do to Done',
    });
    const archived = embedOf(
      withAction('updateCard', { old: { closed: false }, card: { ...comment.action.data.card, closed: true } }),
    );
    expect(archived).toMatchObject({ title: '[Example Board] Card archived: Example Card', color: 0x6a737d });
    expect(
      embedOf(withAction('updateCard', { old: { closed: true }, card: { ...comment.action.data.card, closed: false } }))
        .title,
    ).toBe('[Example Board] Card restored: Example Card');
    expect(embedOf(withAction('updateCard', { old: { name: 'Old' } }))).toMatchObject({
      title: '[Example Board] Card renamed: Example Card',
      description: 'Renamed from Old',
    });
    expect(
      embedOf(
        withAction('updateCard', {
          old: { desc: '' },
          card: { ...comment.action.data.card, desc: 'Now **described**' },
        }),
      ),
    ).toMatchObject({
      title: '[Example Board] Card description changed: Example Card',
      description: 'Now \\*\\*described\\*\\*',
    });
    expect(embedOf(withAction('updateCard', { old: { pos: 1 } })).title).toBe(
      '[Example Board] Card updated: Example Card',
    );
    // The date or description a card had is said too.
    const due = embedOf(
      withAction('updateCard', {
        old: { due: '2016-05-11T10:00:00.000Z' },
        card: { ...comment.action.data.card, due: '2016-05-24T10:00:00.000Z' },
      }),
    );
    expect(due).toMatchObject({
      title: '[Example Board] Due date set to 2016-05-24 10:00 UTC on card Example Card',
      description: 'Was 2016-05-11 10:00 UTC',
    });
    expect(
      embedOf(withAction('updateCard', { old: { desc: 'Old text' }, card: { ...comment.action.data.card, desc: '' } })),
    ).toMatchObject({ title: '[Example Board] Card description removed: Example Card', description: 'Was: Old text' });
  });

  test('any other action in words, verb in the past tense, with the item it concerns', () => {
    expect(actionWords('addLabelToCard')).toBe('Label added to card');
    expect(actionWords('removeMemberFromBoard')).toBe('Member removed from board');
    expect(actionWords('updateCheckItemStateOnCard')).toBe('Check item state updated on card');
    expect(actionWords('createList')).toBe('List created');
    expect(actionWords('voteOnCard')).toBe('Voted on card');
    expect(actionWords('memberJoinedTrello')).toBe('Member joined trello');
    expect(embedOf(withAction('addChecklistToCard', { checklist: { name: 'Launch' } }))).toMatchObject({
      title: '[Example Board] Checklist added to card: Example Card',
      description: 'Launch',
    });
    expect(
      embedOf(
        withAction('addAttachmentToCard', {
          attachment: { name: 'spec.pdf', url: 'https://trello.com/1/cards/x/attachments/y/download/spec.pdf' },
        }),
      ),
    ).toMatchObject({
      title: '[Example Board] Attachment added to card: Example Card',
      description: '[spec.pdf](https://trello.com/1/cards/x/attachments/y/download/spec.pdf)',
    });
  });

  test("a check item names its checklist, a member is linked to their profile, as Skyhook's messages do", () => {
    const fixture = (event: string) => JSON.parse(trelloDeliveries.find((delivery) => delivery.event === event)!.body);
    expect(embedOf(fixture('updateCheckItemStateOnCard'))).toMatchObject({
      description: 'Tomatoes',
      fields: [{ name: 'Checklist', value: 'Checklist', inline: true }],
    });
    expect(embedOf(fixture('removeMemberFromCard'))).toMatchObject({
      description: '[Trello](https://trello.com/trello)',
      author: { name: 'TomaszKolek', url: 'https://trello.com/tomaszkolek' },
    });
  });

  test('signed over the body and then the callback URL; a body needs only an action type to render', () => {
    expect(trello.signature).toMatchObject({
      header: 'X-Trello-Webhook',
      algorithm: 'sha1',
      encoding: 'base64',
      signs: { url: 'after body' },
    });
    expect(() => read({ model: {} })).toThrow(/missing the action.type field/);
    expect(embedOf({ action: { type: 'createCard', id: 'a' } })).toMatchObject({ title: 'Card created' });
  });
});
