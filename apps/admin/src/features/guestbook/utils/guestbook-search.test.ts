import { describe, expect, it } from '@jest/globals';

import { guestbookCsvPath, guestbookPagePath, isFiltered, parseGuestbookSearch } from './guestbook-search';

describe('the guestbook screen and its URL', () => {
  it('reads the class and the search from the URL, dropping what it does not know', () => {
    expect(parseGuestbookSearch({ class: 'approved', q: ' berlin ', page: 3 })).toEqual({
      class: 'approved',
      q: 'berlin',
    });
    expect(parseGuestbookSearch({ class: 'spam' })).toEqual({});
  });

  it('reads the default view first, then goes on through the pending entries', () => {
    expect(isFiltered({})).toBe(false);
    expect(guestbookPagePath({}, null)).toBe('/api/admin/guestbook');
    expect(guestbookPagePath({}, 'CURSOR')).toBe('/api/admin/guestbook?class=pending&before=CURSOR');
  });

  it('pages through the matching entries when filtered, and exports them all', () => {
    const search = { class: 'approved', q: 'old timer' } as const;
    expect(isFiltered(search)).toBe(true);
    expect(guestbookPagePath(search, null)).toBe('/api/admin/guestbook?class=approved&q=old+timer');
    expect(guestbookPagePath({ q: 'x' }, 'C')).toBe('/api/admin/guestbook?q=x&before=C');
    expect(guestbookCsvPath(search)).toBe('/api/admin/guestbook.csv?class=approved&q=old+timer');
    expect(guestbookCsvPath({})).toBe('/api/admin/guestbook.csv');
  });
});
