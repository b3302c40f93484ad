import { describe, expect, test } from '@jest/globals';
import { PayloadError } from '../../shared/webhooks/provider';
import { gitlab } from '../../shared/webhooks/providers/gitlab';
import { toProviderDelivery } from '../fixtures/delivery';
import { gitlabDelivery, gitlabPayloads } from '../fixtures/gitlab/payloads';

const delivery = (event: string, payload: unknown) => toProviderDelivery(gitlabDelivery(event, '13792a34-cac6-4fda-95a8-c58e00a3954e', payload));

describe('GitLab provider', () => {
  test.each([
    ['Push Hook', /^\[mike\/diaspora:master\] 4 new commits$/, 0x0366d6],
    ['Tag Push Hook', /\] Tag v1\.0\.0 created$/, 0x2ea44f],
    ['Merge Request Hook', /Merge request open: !1 MS-Viewport$/, 0x2ea44f],
    ['Issue Hook', /Issue open: #23 New API/, 0x2ea44f],
    ['Note Hook', /New comment on merge request$/, 0x0366d6],
    ['Pipeline Hook', /Pipeline #31 success on master$/, 0x2ea44f],
    ['Release Hook', /Release create: v1\.1$/, 0x2ea44f],
  ])('%s -> an embed with title, link and colour', (event, title, color) => {
    const outcome = gitlab.read(delivery(event, gitlabPayloads[event]));
    expect(outcome).toMatchObject({ kind: 'message', event, deliveryId: `${event}:13792a34-cac6-4fda-95a8-c58e00a3954e`, username: 'GitLab' });
    const embed = outcome.kind === 'message' ? outcome.embeds[0] : undefined;
    expect(embed?.title).toMatch(title);
    expect(embed?.color).toBe(color);
    expect(embed?.url).toMatch(/^https?:\/\/example\.com\//);
  });

  test('push lists commits with short sha, first line and author, escaped', () => {
    const outcome = gitlab.read(delivery('Push Hook', gitlabPayloads['Push Hook']));
    expect(outcome.kind === 'message' && outcome.embeds[0]?.description?.split('\n')[0]).toBe(
      '[`b6568db1`](http://example.com/mike/diaspora/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327) Update Catalan translation to e38cb41. - Jordi Mallach',
    );
  });

  test('delivery ids: Idempotency-Key when GitLab sends it (same on retries), else the event with its UUID (one action fires several hooks with one UUID)', () => {
    const note = delivery('Note Hook', gitlabPayloads['Note Hook']);
    const issue = delivery('Issue Hook', gitlabPayloads['Issue Hook']);
    expect(gitlab.read(note).deliveryId).not.toBe(gitlab.read(issue).deliveryId);
    expect(gitlab.read({ ...note, headers: { ...note.headers, 'idempotency-key': 'f5e5f430-f57b-4e6e-9fac-d9128cd7232f' } }).deliveryId).toBe('f5e5f430-f57b-4e6e-9fac-d9128cd7232f');
  });

  test('an unrendered event is ignored; a missing header or a broken payload is a PayloadError', () => {
    expect(gitlab.read(delivery('Wiki Page Hook', {}))).toMatchObject({ kind: 'ignored', event: 'Wiki Page Hook' });
    expect(() => gitlab.read({ headers: {}, body: '{}' })).toThrow(PayloadError);
    expect(() => gitlab.read(delivery('Push Hook', { ref: 1 }))).toThrow(/not a GitLab Push Hook payload/);
  });
});
