import { ADMIN_LIST_DEFAULT_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE, ADMIN_LIST_SEARCH_MAX_LENGTH } from '@memoir/shared';

import { isUuid } from './id-generator';
import { invalidCursor, type ListError } from './list.errors';
import { err, ok, type Result } from './result';

/**
 * Where a page of a newest-first list starts: strictly after this item in the order
 * createdAt descending, then id descending (older, or as old with a lower id). Paging by the
 * last item seen, not by an offset, returns every item exactly once even while new ones arrive.
 */
export interface ListCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** What a store is asked for: at most `limit` items, strictly after `before` when it is given. */
export interface PageRequest {
  readonly limit: number;
  readonly before?: ListCursor;
}

export const pageRequest = (limit: number, before: ListCursor | undefined): PageRequest =>
  before === undefined ? { limit } : { limit, before };

/** What the owner asks of any admin list; everything optional. Each list adds its filters. */
export interface ListQuery {
  /** Text to find (see `normalizeSearch`). */
  readonly q?: string | null;
  readonly limit?: number | null;
  /** A `nextCursor` from an earlier page. */
  readonly before?: string | null;
}

/** A page of a list, and the cursor of the next one (null on the last page). */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}

/** A cursor as the API sends it: the last item's time and id, `2026-11-21T10:00:00.000Z_<uuid>`. */
export function encodeCursor(item: ListCursor): string {
  return `${item.createdAt.toISOString()}_${item.id}`;
}

/** The cursor a client sent back, or null when it is not one we made. */
export function decodeCursor(cursor: string): ListCursor | null {
  const separator = cursor.indexOf('_');
  if (separator < 0) return null;
  const time = cursor.slice(0, separator);
  const id = cursor.slice(separator + 1);
  const createdAt = new Date(time);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(time) || Number.isNaN(createdAt.getTime())) return null;
  return isUuid(id) ? { createdAt, id: id.toLowerCase() } : null;
}

/**
 * A filter value as the API received it (any case, spaces around): absent, one of `values`,
 * or one the list does not know.
 */
export function parseChoice<T extends string>(
  given: string | null | undefined,
  values: readonly T[],
): T | undefined | 'invalid' {
  const word = given?.trim().toLowerCase() ?? '';
  if (word === '') return undefined;
  return values.find((value) => value === word) ?? 'invalid';
}

/** A `before` as the API received it: absent, a cursor, or one we did not make. */
export function parseBefore(before: string | null | undefined): ListCursor | undefined | 'invalid' {
  if (before === null || before === undefined || before === '') return undefined;
  return decodeCursor(before) ?? 'invalid';
}

/** `limit` as asked, within 1..max; the default when it is absent or not a number. */
export function clampPageSize(limit: number | null | undefined, fallback: number, max: number): number {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

/** The page a query asks for: its cursor (a cursor we did not make is refused) and its size. */
export function readPaging(query: ListQuery): Result<PageRequest, ListError> {
  const before = parseBefore(query.before);
  if (before === 'invalid') return err(invalidCursor());
  return ok(pageRequest(clampPageSize(query.limit, ADMIN_LIST_DEFAULT_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE), before));
}

/**
 * A search as the stores take it: trimmed, NFC, lower case, and cut to the longest search a
 * person types; null when nothing is left (no search).
 */
export function normalizeSearch(q: string | null | undefined): string | null {
  // No stored text holds a control character or half a surrogate pair, so neither can be
  // searched for; and a NUL would end the search index's query early.
  const text = (q ?? '')
    .replace(UNSEARCHABLE, '')
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .slice(0, ADMIN_LIST_SEARCH_MAX_LENGTH);
  return text === '' ? null : text;
}

// C0 and C1 controls (line breaks included: a search is one line), and lone surrogates.
const UNSEARCHABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Reads one more item than the page holds, so the page knows whether another follows
 * without a count: `read(limit + 1)`, then the page and the cursor of its last item.
 */
export async function readPage<T extends ListCursor>(
  limit: number,
  read: (limit: number) => Promise<readonly T[]>,
): Promise<ListPage<T>> {
  const found = await read(limit + 1);
  const items = found.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: found.length > limit && last !== undefined ? encodeCursor(last) : null };
}

/** Every item of a list, a page at a time (for exports): memory holds one page, never the list. */
export async function* everyItem<T extends ListCursor>(
  pageSize: number,
  read: (limit: number, before: ListCursor | undefined) => Promise<readonly T[]>,
): AsyncGenerator<T> {
  let before: ListCursor | undefined;
  for (;;) {
    const page = await read(pageSize, before);
    yield* page;
    const last = page.at(-1);
    if (page.length < pageSize || last === undefined) return;
    before = { createdAt: last.createdAt, id: last.id };
  }
}
