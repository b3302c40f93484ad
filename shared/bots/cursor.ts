import { ApiError } from '../http/errors';
import type { BotSort, ListingKey } from '../store/bots';

/**
 * Listing cursors: where a page ended, with the listing it belongs to, as opaque base64url JSON.
 * A cursor only moves a caller through public listings, so it needs no secrecy, only checking:
 * a malformed one, or one from another sort or tag, is a 400 rather than a wrong page.
 */
interface CursorContent {
  k: ListingKey;
  s: BotSort;
  t: string | null;
}

export const encodeCursor = (key: ListingKey, sort: BotSort, tag: string | undefined): string =>
  Buffer.from(JSON.stringify({ k: key, s: sort, t: tag ?? null } satisfies CursorContent)).toString('base64url');

const invalid = (issue: string) => new ApiError('INVALID_PARAMETER', `cursor ${issue}`, [{ field: 'cursor', issue }]);

export function decodeCursor(cursor: string, sort: BotSort, tag: string | undefined): ListingKey {
  let content: CursorContent;
  try {
    content = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorContent;
  } catch {
    throw invalid('is not a cursor this API gave out');
  }
  const key = content?.k;
  const validKey = key !== null && typeof key === 'object' && Object.keys(key).length > 0 && Object.keys(key).length <= 6 && Object.values(key).every((v) => typeof v === 'string' && v.length <= 1024);
  if (!validKey) throw invalid('is not a cursor this API gave out');
  if (content.s !== sort || content.t !== (tag ?? null)) throw invalid('belongs to a different sort or tag');
  return key;
}
