import { describe, expect, test } from '@jest/globals';
import * as z from 'zod/mini';
import { readTolerantly } from '../../shared/webhooks/tolerantRead';

/** The provider kit's tolerant reader: what fits the schema is kept, what does not is read as absent. */
const issue = z.object({
  number: z.number(),
  title: z.string(),
  draft: z.boolean(),
  labels: z.array(z.object({ name: z.string() })),
  user: z.nullish(z.object({ login: z.string() })),
});

describe('readTolerantly', () => {
  test('a payload that fits is read as it is, fields the schema does not name left out', () => {
    const payload = {
      number: 7,
      title: 'Fix',
      draft: false,
      labels: [{ name: 'bug', color: 'red' }],
      user: { login: 'octo' },
      extra: 1,
    };
    expect(readTolerantly(issue, payload)).toEqual({
      number: 7,
      title: 'Fix',
      draft: false,
      labels: [{ name: 'bug' }],
      user: { login: 'octo' },
    });
  });

  test('absent, null and mistyped fields become absent instead of failing the read', () => {
    expect(readTolerantly(issue, { number: null, title: { text: 'x' }, labels: 'bug', user: null })).toEqual({});
    expect(readTolerantly(issue, { title: 'Fix', user: { login: ['octo'] } })).toEqual({ title: 'Fix', user: {} });
  });

  test('numbers and text are read as each other where the schema wants the other; booleans from "true"/"false"', () => {
    expect(readTolerantly(issue, { number: '12', title: 12, draft: 'true' })).toEqual({
      number: 12,
      title: '12',
      draft: true,
    });
    expect(readTolerantly(issue, { number: '12abc', title: Number.NaN, draft: 'yes' })).toEqual({});
  });

  test('list items that cannot be read are dropped, the rest kept in order', () => {
    expect(readTolerantly(issue, { labels: [{ name: 'a' }, 'b', null, { name: 3 }, { colour: 1 }] })).toEqual({
      labels: [{ name: 'a' }, { name: '3' }, {}],
    });
  });

  test('a value failing its own check is absent; a whole object is not lost to one field', () => {
    const schema = z.object({
      pages: z.array(z.string()).check(z.minLength(1)),
      name: z.string().check(z.minLength(2)),
    });
    expect(readTolerantly(schema, { pages: [], name: 'x' })).toEqual({});
    expect(readTolerantly(schema, { pages: ['a'], name: 'xy' })).toEqual({ pages: ['a'], name: 'xy' });
  });

  test('a union takes the first option that fits exactly, else the first that reads something', () => {
    const money = z.union([z.string(), z.object({ amount: z.number(), currency: z.string() })]);
    expect(readTolerantly(money, '1.00')).toBe('1.00');
    expect(readTolerantly(money, { amount: 5, currency: 'EUR' })).toEqual({ amount: 5, currency: 'EUR' });
    // 5 reads as the text "5" (the first option) before the object.
    expect(readTolerantly(money, 5)).toBe('5');
    expect(readTolerantly(money, { amount: 'lots' })).toEqual({});
  });

  test('records keep their readable entries; loose objects keep fields the schema does not name', () => {
    expect(readTolerantly(z.record(z.string(), z.number()), { a: 1, b: 'x', c: null })).toEqual({ a: 1 });
    expect(readTolerantly(z.looseObject({ id: z.string() }), { id: 4, other: [1] })).toEqual({ id: '4', other: [1] });
  });

  test('a pipe reads its input tolerantly, then transforms it', () => {
    const trimmed = z.object({
      name: z.pipe(
        z.string(),
        z.transform((value) => value.trim()),
      ),
    });
    expect(readTolerantly(trimmed, { name: ' v9\n' })).toEqual({ name: 'v9' });
    expect(readTolerantly(trimmed, { name: {} })).toEqual({});
  });

  test('a body that is not an object reads as nothing', () => {
    for (const body of [null, [], 'text', 3]) expect(readTolerantly(issue, body)).toBeUndefined();
  });
});
