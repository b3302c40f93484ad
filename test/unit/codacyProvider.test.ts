import { describe, expect, test } from '@jest/globals';
import { PayloadError, type ProviderDelivery } from '../../shared/webhooks/provider';
import { codacy } from '../../shared/webhooks/providers/codacy';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { codacyDeliveries, codacyPayloads } from '../fixtures/codacy/payloads';

const delivery = (payload: unknown): ProviderDelivery => toProviderDelivery(jsonRequest({}, payload));
const sample = codacyPayloads.commit as { commit: { data: Record<string, unknown>; results?: unknown } };
const withCommit = (commit: Record<string, unknown>) => ({ commit: { ...sample.commit, ...commit } });

const embedOf = (payload: unknown = sample) => {
  const outcome = codacy.read(delivery(payload));
  if (outcome.kind !== 'message') throw new Error(`was ${outcome.kind}`);
  expect(outcome).toEqual({ kind: 'message', event: 'commit', username: 'Codacy', embeds: [expect.any(Object)] });
  return outcome.embeds[0]!;
};

describe('Codacy provider', () => {
  test('renders commit analyses; it cannot sign', () => {
    expect(codacy.events).toEqual(['commit']);
    expect(codacy.signature).toBeUndefined();
  });

  test('a commit that fixed issues -> green, linked to the delta, with the counts', () => {
    expect(embedOf()).toEqual({
      title: 'Commit 4cbf02d analysed: 0 new issues, 1 fixed',
      url: 'https://www.codacy.com/public/jquery/jquery.git/commit?bid=21776&cid=6037089',
      color: 0x2ea44f,
      fields: [
        { name: 'New issues', value: '0', inline: true },
        { name: 'Fixed issues', value: '1', inline: true },
      ],
      timestamp: expect.any(String),
    });
  });

  test('new issues are a warning; nothing changed is info; no results (a pull request) is neutral', () => {
    expect(embedOf(withCommit({ results: { fixed_count: 3, new_count: 2 } })).color).toBe(0xdbab09);
    expect(embedOf(withCommit({ results: { fixed_count: 0, new_count: 0 } })).color).toBe(0x0366d6);
    const plain = embedOf(withCommit({ results: undefined }));
    expect(plain).toMatchObject({ title: 'Commit 4cbf02d analysed', color: 0x6a737d, fields: [] });
  });

  test('a commit without its data, or a count that is not a number (issue 32), renders with what is there', () => {
    expect(embedOf({ commit: { results: {} } })).toMatchObject({ title: 'Commit analysed', fields: [] });
    expect(embedOf(withCommit({ results: { fixed_count: 2, new_count: 'many' } }))).toMatchObject({
      title: 'Commit 4cbf02d analysed: 2 issues fixed',
      fields: [{ name: 'Fixed issues', value: '2', inline: true }],
    });
  });

  test('markdown in the commit id cannot reach rendered text (titles only, counts are numbers)', () => {
    const embed = embedOf(withCommit({ data: { ...sample.commit.data, uuid: '**x** [y](http://evil) @everyone' } }));
    expect(embed.title).toBe('Commit **x** [ analysed: 0 new issues, 1 fixed');
    expect(embed.fields?.map((f) => f.value)).toEqual(['0', '1']);
  });

  test.each<[string, ProviderDelivery, RegExp]>([
    ['malformed JSON', { headers: {}, body: 'commit=1' }, /not valid JSON/],
    ['a body without the commit', delivery({ hello: 'world' }), /missing the commit object/],
  ])('%s -> PayloadError that says why', (_name, bad, reason) => {
    expect(() => codacy.read(bad)).toThrow(PayloadError);
    expect(() => codacy.read(bad)).toThrow(reason);
  });

  test('the fixture deliveries read as messages', () => {
    for (const fixture of codacyDeliveries)
      expect(codacy.read(toProviderDelivery(fixture))).toMatchObject({ kind: 'message', event: fixture.event });
  });
});
