import { describe, expect, it } from '@jest/globals';

import { queueSearch, searchedStatus } from './review-queue';

describe('a review queue and its URL', () => {
  const guestbook = queueSearch('class');
  const scholarships = queueSearch('status');

  it('reads the status filter (under the queue’s name) and the search from the URL, dropping what it does not know', () => {
    expect(guestbook.parse({ class: 'approved', q: ' berlin ', page: 3 })).toEqual({ class: 'approved', q: 'berlin' });
    expect(guestbook.parse({ class: 'spam', status: 'approved' })).toEqual({});
    expect(scholarships.parse({ status: 'rejected', q: 'gmail' })).toEqual({ status: 'rejected', q: 'gmail' });
    expect(scholarships.parse({ status: 'archived', q: '' })).toEqual({});
    expect(searchedStatus(scholarships, { status: 'rejected' })).toBe('rejected');
  });

  it('reads the default view first, then goes on through the pending items', () => {
    expect(guestbook.isFiltered({})).toBe(false);
    expect(guestbook.pageQuery({}, null)).toEqual({});
    expect(guestbook.pageQuery({}, 'CURSOR')).toEqual({ class: 'pending', before: 'CURSOR' });
    expect(scholarships.pageQuery({}, 'C')).toEqual({ status: 'pending', before: 'C' });
  });

  it('pages through the matching items when filtered, and exports them all', () => {
    const search = { class: 'approved', q: 'old timer' } as const;
    expect(guestbook.isFiltered(search)).toBe(true);
    expect(guestbook.isFiltered({ q: 'x' })).toBe(true);
    expect(guestbook.pageQuery(search, null)).toEqual({ class: 'approved', q: 'old timer' });
    expect(guestbook.pageQuery({ q: 'x' }, 'C')).toEqual({ q: 'x', before: 'C' });
    expect(scholarships.pageQuery({ status: 'approved' }, 'C')).toEqual({ status: 'approved', before: 'C' });
    expect(guestbook.csvQuery(search)).toEqual({ class: 'approved', q: 'old timer' });
    expect(guestbook.csvQuery({})).toEqual({});
  });
});
