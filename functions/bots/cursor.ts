import * as z from 'zod/mini';
import { ApiError } from '../../shared/errors/apiError';
import type { BotSort, ListingKey } from '../../shared/store/bots/index';
import { indexOf, LISTING, NAME_KEY_VERSION, PROFILE } from '../../shared/store/bots/layout';

/**
 * Listing cursors: where a page ended, as opaque base64url JSON, checked rather than secret: the
 * key must be exactly a public profile's place in that sort's index, so a crafted one reaches
 * nothing else (400). `v` is the name key's layout (layout.ts), so a cursor from an older layout is
 * refused rather than read as a wrong page.
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
