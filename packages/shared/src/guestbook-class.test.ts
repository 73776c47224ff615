import { describe, expect, it } from '@jest/globals';

import { classifyGuestbookEntry } from './guestbook-class';

describe('classifyGuestbookEntry', () => {
  const reviewedAt = '2026-01-01T00:00:00.000Z';

  it('is pending when not approved and never reviewed', () => {
    expect(classifyGuestbookEntry({ isApproved: false, reviewedAt: null })).toBe('pending');
  });

  it('is rejected when not approved but reviewed', () => {
    expect(classifyGuestbookEntry({ isApproved: false, reviewedAt })).toBe('rejected');
  });

  it('is approved whenever isApproved is true, reviewed or not', () => {
    expect(classifyGuestbookEntry({ isApproved: true, reviewedAt })).toBe('approved');
    expect(classifyGuestbookEntry({ isApproved: true, reviewedAt: null })).toBe('approved');
  });
});
