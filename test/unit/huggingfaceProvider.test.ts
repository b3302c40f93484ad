import { describe, expect, test } from '@jest/globals';
import { huggingface } from '../../shared/webhooks/providers/huggingface';
import { huggingfaceDeliveries } from '../fixtures/huggingface/payloads';
import { readerOf } from '../support/providerReads';

const discussion = JSON.parse(huggingfaceDeliveries[0]!.body);
const { read, embedOf } = readerOf(huggingface);
const as = (scope: string, action: string, more: Record<string, unknown> = {}) => ({ ...discussion, event: { scope, action }, ...more });

describe('Hugging Face provider', () => {
  test('a pull request opened: repository, number, title and its first comment, linked to it; scope is the event, action the action', () => {
    expect(read(discussion)).toMatchObject({ kind: 'message', event: 'discussion', action: 'create' });
    expect(embedOf(discussion)).toMatchObject({
      title: '[openai-community/gpt2] Pull request #19 created: Update co2 emissions',
      url: 'https://huggingface.co/openai-community/gpt2/discussions/19',
      description: 'Add co2 emissions information to the model card',
      color: 0x2ea44f,
    });
  });

  test('comments link to the comment (a hidden one shows no text); repository events name the repository', () => {
    expect(embedOf(as('discussion.comment', 'create'))).toMatchObject({ title: '[openai-community/gpt2] Comment created on pull request #19: Update co2 emissions', url: 'https://huggingface.co/openai-community/gpt2/discussions/19#6399f58518721fdd27fc9caa' });
    expect(embedOf(as('discussion.comment', 'update', { comment: { ...discussion.comment, hidden: true } })).description).toBeUndefined();
    const { discussion: _d, comment: _c, ...repoOnly } = discussion;
    expect(embedOf({ ...repoOnly, event: { scope: 'repo.content', action: 'update' } })).toMatchObject({ title: '[openai-community/gpt2] New commit', url: 'https://huggingface.co/openai-community/gpt2' });
    expect(embedOf({ ...repoOnly, event: { scope: 'repo', action: 'delete' } })).toMatchObject({ title: '[openai-community/gpt2] Model deleted', color: 0xd73a49 });
  });

  test('the secret is sent as it is in X-Webhook-Secret; a body without the envelope is refused', () => {
    expect(huggingface.signature).toEqual({ kind: 'token', header: 'X-Webhook-Secret' });
    expect(() => read({ repo: discussion.repo })).toThrow(/missing the event.scope field/);
  });
});
