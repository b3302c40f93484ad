import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { confluence, plainText } from '../../shared/webhooks/providers/confluence';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { confluenceDeliveries, confluencePayloads as payloads } from '../fixtures/confluence/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));

const embedOf = (payload: unknown) => {
  const outcome = confluence.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome.username).toBe('Confluence');
  // Confluence deliveries carry no id.
  expect(outcome.deliveryId).toBeUndefined();
  return outcome.embeds[0]!;
};

describe('Confluence provider', () => {
  test('renders every event (one envelope reads them all), unsigned', () => {
    expect(confluence.events).toEqual(['*']);
    expect(confluence.signature).toBeUndefined();
  });

  test('page_updated -> the page title, its link, who, space and version', () => {
    expect(embedOf(payloads.page_updated)).toMatchObject({
      title: '[Example] Page updated: example_page',
      url: 'https://example.atlassian.net/wiki/spaces/EX/pages/108265543/example_page',
      color: 0x0366d6,
      author: { name: 'Zaphod Beeblebrox' },
      fields: [
        { name: 'Space', value: 'Example', inline: true },
        { name: 'Version', value: '3', inline: true },
      ],
    });
  });

  test('blog_created -> a published post, linked', () => {
    expect(embedOf(payloads.blog_created)).toMatchObject({
      title: "[Example] Blog post published: Heyyyyyyy Guyyyyyys It's blog post here",
      url:
        'https://example.atlassian.net/wiki/spaces/EX/blog/2021/12/31/108396632/' +
        'Heyyyyyyy+Guyyyyyys+It%27s+blog+post+here',
      color: 0x2ea44f,
    });
  });

  test('comment_created -> the page commented on, a link focused on the comment, its text without HTML', () => {
    expect(embedOf(payloads.comment_created)).toMatchObject({
      title: '[Example] Comment on example',
      url:
        'https://example.atlassian.net/wiki/spaces/ZC/pages/108265543/example?focusedCommentId=108298295#comment-' +
        '108298295',
      color: 0x0366d6,
      author: { name: 'Zaphod Beeblebrox' },
      description: 'joseph test',
    });
    expect(plainText('<p>a &amp; b</p><p>c<br/>d</p>')).toBe('a & b\nc\nd');
    expect(plainText(`<p>${'x'.repeat(600)}</p>`)).toHaveLength(501);
  });

  test('attachment_created -> the page and the file names with sizes', () => {
    expect(embedOf(payloads.attachment_created)).toMatchObject({
      title: '[Example] File attached to WEBHOOKS',
      url: 'https://example.atlassian.net/wiki/spaces/EX/pages/108265473/WEBHOOKS',
      description: 'PXL\\_20211203\\_004750797.MP.jpg (4.8 MB)',
    });
    const attachments = Array.from({ length: 12 }, (_, i) => ({ fileName: `f${i}.txt`, fileSize: 10 }));
    const many = embedOf({ ...payloads.attachment_created, attachments });
    expect(many.title).toBe('[Example] 12 files attached to WEBHOOKS');
    expect(many.description?.split('\n')).toHaveLength(11);
  });

  test('label_added, space_created and user_removed', () => {
    expect(embedOf(payloads.label_added)).toMatchObject({
      title: '[Zelda Clone] Label added to WEBHOOKS: debug',
      url: 'https://example.atlassian.net/wiki/spaces/EX/pages/108265473/WEBHOOKS',
      color: 0x6a737d,
    });
    expect(embedOf(payloads.space_created)).toMatchObject({
      title: 'Space created: test-space (TES)',
      url: 'https://example.atlassian.net/wiki/spaces/TES',
      color: 0x2ea44f,
    });
    expect(embedOf(payloads.space_created).description).toBeUndefined();
    expect(embedOf(payloads.user_removed)).toMatchObject({
      title: 'User deleted: Debug Test (Unlicensed)',
      color: 0xd73a49,
    });
  });

  test('other events in words: removed goes to the trash, trashed is purged; edits said so', () => {
    const page = payloads.page_updated.page;
    expect(embedOf({ eventType: 'page_created', page })).toMatchObject({
      title: '[Example] Page created: example_page',
      color: 0x2ea44f,
    });
    expect(embedOf({ eventType: 'page_removed', page }).title).toBe('[Example] Page moved to the trash: example_page');
    expect(embedOf({ eventType: 'page_trashed', page }).title).toBe(
      '[Example] Page deleted from the trash: example_page',
    );
    expect(embedOf({ eventType: 'blog_updated', blog: payloads.blog_created.blog }).title).toBe(
      "[Example] Blog post updated: Heyyyyyyy Guyyyyyys It's blog post here",
    );
    expect(embedOf({ ...payloads.comment_created, eventType: 'comment_updated' })).toMatchObject({
      title: '[Example] Comment edited on example',
      description: 'joseph test',
    });
    const deleted = embedOf({ ...payloads.comment_created, eventType: 'comment_removed' });
    expect(deleted.title).toBe('[Example] Comment deleted on example');
    expect(deleted).not.toHaveProperty('description');
    expect(embedOf({ ...payloads.label_added, eventType: 'label_removed' }).title).toBe(
      '[Zelda Clone] Label removed from WEBHOOKS: debug',
    );
    expect(embedOf({ ...payloads.label_added, eventType: 'label_created', labeled: undefined })).toMatchObject({
      title: 'Label created: debug',
      url: 'https://example.atlassian.net/wiki/label/debug',
    });
    expect(embedOf({ eventType: 'group_created', groupName: 'devs' }).title).toBe('Group created: devs');
    expect(embedOf({ eventType: 'theme_enabled' }).title).toBe('Theme enabled');
  });

  test('markdown in payload text cannot change the layout', () => {
    const comment = { ...payloads.comment_created.comment, commentBody: '<p>**bold** [x](http://evil) @everyone</p>' };
    expect(embedOf({ ...payloads.comment_created, comment }).description).toBe(
      '\\*\\*bold\\*\\* \\[x\\]\\(http://evil\\) @everyone',
    );
    const page = { ...payloads.page_updated.page, spaceName: '__Ex__' };
    expect(embedOf({ ...payloads.page_updated, page }).fields?.[0]?.value).toBe('\\_\\_Ex\\_\\_');
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['a body without eventType', delivery({ page: payloads.page_updated.page }), /missing the eventType field/],
    ['malformed JSON', { headers: {}, body: '<xml/>' }, /not valid JSON/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => confluence.read(bad)).toThrow(PayloadError);
    expect(() => confluence.read(bad)).toThrow(reason);
  });

  test('a page without its title still renders, with what it has', () => {
    expect(embedOf({ ...payloads.page_updated, page: { ...payloads.page_updated.page, title: undefined } }).title).toBe(
      '[Example] Page updated: id 108265543',
    );
    expect(embedOf({ ...payloads.page_updated, page: { spaceName: 'Example' } }).title).toBe('[Example] Page updated');
  });

  test('Data Center names the event in `event` and sends the content by id, who by user key', () => {
    const outcome = confluence.read(
      delivery({ timestamp: 1768241233603, event: 'page_created', userKey: 'ff80', page: { id: 1015810 } }),
    );
    expect(outcome).toMatchObject({
      kind: 'message',
      event: 'page_created',
      embeds: [{ title: 'Page created: id 1015810', author: { name: 'User key ff80' } }],
    });
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of confluenceDeliveries)
      expect(confluence.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
