import { describe, expect, test } from '@jest/globals';
import { huggingface } from '../../shared/webhooks/providers/huggingface';
import { huggingfaceDeliveries } from '../fixtures/huggingface/payloads';
import { readerOf } from '../support/providerReads';

const discussion = JSON.parse(huggingfaceDeliveries[0]!.body);
const { read, embedOf } = readerOf(huggingface);
const { discussion: _d, comment: _c, ...repoOnly } = discussion;
const as = (scope: string, action: string, more: Record<string, unknown> = {}) => ({
  ...discussion,
  event: { scope, action },
  ...more,
});
const repoEvent = (scope: string, action: string, more: Record<string, unknown> = {}) => ({
  ...repoOnly,
  event: { scope, action },
  ...more,
});

/** Hugging Face's messages: the fixture's title is in test/unit/fixtureTitles.test.ts, variants of it here. */
describe('Hugging Face provider', () => {
  test('a pull request opened: its first comment, status and base, linked; scope and action', () => {
    expect(read(discussion)).toMatchObject({ kind: 'message', event: 'discussion', action: 'create' });
    expect(embedOf(discussion)).toMatchObject({
      url: 'https://huggingface.co/openai-community/gpt2/discussions/19',
      description: 'Add co2 emissions information to the model card',
      color: 0x2ea44f,
      fields: [
        { name: 'Status', value: 'Open', inline: true },
        { name: 'Base', value: 'main', inline: true },
      ],
    });
  });

  test('comments: new, edited, hidden (no text shown), linked to the comment', () => {
    expect(embedOf(as('discussion.comment', 'create'))).toMatchObject({
      title: '[openai-community/gpt2] New comment on pull request #19: Update co2 emissions',
      url: 'https://huggingface.co/openai-community/gpt2/discussions/19#6399f58518721fdd27fc9caa',
    });
    expect(embedOf(as('discussion.comment', 'update')).title).toBe(
      '[openai-community/gpt2] Comment updated on pull request #19: Update co2 emissions',
    );
    const hidden = embedOf(as('discussion.comment', 'update', { comment: { ...discussion.comment, hidden: true } }));
    expect(hidden.title).toBe('[openai-community/gpt2] Comment hidden on pull request #19: Update co2 emissions');
    expect(hidden.description).toBeUndefined();
  });

  test('repository events: deleted, moved, visibility; a push lists the refs it moved, linked', () => {
    expect(embedOf(repoEvent('repo', 'delete'))).toMatchObject({
      title: '[openai-community/gpt2] Model deleted',
      color: 0xd73a49,
      fields: [{ name: 'Visibility', value: 'Public' }],
    });
    expect(embedOf(repoEvent('repo', 'move', { movedTo: { name: 'openai/gpt2' } })).title).toBe(
      '[openai-community/gpt2] Model moved to openai/gpt2',
    );
    const push = embedOf(
      repoEvent('repo.content', 'update', {
        updatedRefs: [
          {
            ref: 'refs/heads/main',
            oldSha: 'ce9a4674fa833a68d5a73ec355f0ea95eedd60b7',
            newSha: '575db8b7a51b6f85eb06eee540738584589f131c',
          },
          { ref: 'refs/tags/v1', oldSha: null, newSha: '575db8b7a51b6f85eb06eee540738584589f131c' },
        ],
      }),
    );
    expect(push).toMatchObject({
      title: '[openai-community/gpt2] Content updated',
      url: 'https://huggingface.co/openai-community/gpt2',
    });
    expect(push.fields).toEqual([
      {
        name: 'Updated main',
        value:
          '[`ce9a467`](https://huggingface.co/openai-community/gpt2/commit/' +
          'ce9a4674fa833a68d5a73ec355f0ea95eedd60b7) → ' +
          '[`575db8b`](https://huggingface.co/openai-community/gpt2/commit/' +
          '575db8b7a51b6f85eb06eee540738584589f131c)',
        inline: false,
      },
      {
        name: 'Created v1',
        value:
          '[`575db8b`](https://huggingface.co/openai-community/gpt2/commit/575db8b7a51b6f85eb06eee540738584589f131c)',
        inline: false,
      },
    ]);
    expect(embedOf(repoEvent('repo.config', 'update', { updatedConfig: { private: true } })).fields).toEqual([
      { name: 'Visibility', value: 'Private', inline: true },
    ]);
    const head = '575db8b7a51b6f85eb06eee540738584589f131c';
    expect(
      embedOf(repoEvent('repo.content', 'update', { repo: { ...repoOnly.repo, headSha: head } })).description,
    ).toBe(`Latest commit: [\`575db8b\`](https://huggingface.co/openai-community/gpt2/commit/${head})`);
  });

  test('the secret is sent as it is in X-Webhook-Secret; a body without the envelope names no event', () => {
    expect(huggingface.signature).toEqual({ kind: 'token', header: 'X-Webhook-Secret' });
    expect(() => read({ repo: discussion.repo })).toThrow(/missing the event.scope field/);
  });
});
