import * as z from 'zod/mini';
import { ApiError } from '../../shared/errors/apiError';
import type { BotSort, ListingKey } from '../../shared/store/bots/index';
import { indexOf, LISTING, NAME_KEY_VERSION, PROFILE } from '../../shared/store/bots/layout';

/**
 * Listing cursors: where a page ended, with the listing it belongs to, as opaque base64url JSON.
 * A cursor only moves a caller through public listings, so it needs no secrecy, only checking:
 * the key must be exactly a public bot profile's place in that sort's index, so a crafted one can
 * neither reach other records nor make DynamoDB refuse the query; anything else is a 400. `v` is
 * the layout of the name listing's keys (layout.ts, nameKey): a cursor by name given out before it
 * holds a key of the old order, a place that means nothing in the new one once the keys are
 * rewritten, so it is refused rather than read as a wrong page.
 */
const content = z.object({
  k: z.record(z.string(), z.string().check(z.maxLength(1024))),
  s: z.enum(['name', 'guilds']),
  t: z.nullable(z.string()),
  v: z.optional(z.number()),
});

export const encodeCursor = (key: ListingKey, sort: BotSort, tag: string | undefined): string =>
  Buffer.from(JSON.stringify({ k: key, s: sort, t: tag ?? null, v: NAME_KEY_VERSION })).toString('base64url');

const invalid = (issue: string) => new ApiError('INVALID_PARAMETER', `cursor ${issue}`, [{ field: 'cursor', issue }]);

function placeIn(sort: BotSort) {
  const index = indexOf(sort);
  return z.strictObject({
    pk: z.string().check(z.regex(/^BOT#\d{17,20}$/)),
    sk: z.literal(PROFILE),
    [index.partitionKey]: z.literal(LISTING),
    [index.sortKey]: z.string().check(z.regex(/^[^\u0000]{1,600}#\d{17,20}$/)),
  });
}

export function decodeCursor(cursor: string, sort: BotSort, tag: string | undefined): ListingKey {
  let parsed: z.infer<typeof content>;
  try {
    parsed = content.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw invalid('is not a cursor this API gave out');
  }
  if (parsed.s !== sort || parsed.t !== (tag ?? null)) throw invalid('belongs to a different sort or tag');
  if (sort === 'name' && parsed.v !== NAME_KEY_VERSION)
    throw invalid('is from an earlier order by name; list again from the first page');
  const key = placeIn(sort).safeParse(parsed.k);
  if (!key.success) throw invalid('is not a cursor this API gave out');
  return key.data as ListingKey;
}
