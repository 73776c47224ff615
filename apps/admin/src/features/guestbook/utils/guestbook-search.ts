import type { GuestbookEntryClass } from '@memoir/shared';

import { choiceParam, definedOnly, textParam, withQuery } from '../../../shared/list-search';

export const GUESTBOOK_CLASSES: readonly GuestbookEntryClass[] = ['pending', 'approved', 'rejected'];

/** The screen's filters, kept in the URL: `/admin/guestbook?class=approved&q=berlin`. */
export interface GuestbookSearch {
  readonly class?: GuestbookEntryClass;
  readonly q?: string;
}

/** The route's `validateSearch`: what the screen knows of the URL's parameters; the rest is dropped. */
export const parseGuestbookSearch = (search: Record<string, unknown>): GuestbookSearch =>
  definedOnly({ class: choiceParam(GUESTBOOK_CLASSES, search.class), q: textParam(search.q) });

/** Without a filter or a search the screen shows the spec's three sections; with one, one list. */
export const isFiltered = (search: GuestbookSearch): boolean => search.class !== undefined || search.q !== undefined;

/**
 * A page of the list. Unfiltered, the first page is the server's default view (a page of
 * pending entries, the 10 newest approved and the 5 newest rejected) and the next pages go on
 * through the pending ones; filtered, every page is of the matching entries.
 */
export function guestbookPagePath(search: GuestbookSearch, before: string | null): string {
  if (!isFiltered(search)) {
    return before === null ? '/api/admin/guestbook' : withQuery('/api/admin/guestbook', { class: 'pending', before });
  }
  return withQuery('/api/admin/guestbook', { class: search.class, q: search.q, before });
}

/** The CSV export of what the filters select (every matching entry, not only the pages shown). */
export const guestbookCsvPath = (search: GuestbookSearch): string =>
  withQuery('/api/admin/guestbook.csv', { class: search.class, q: search.q });
