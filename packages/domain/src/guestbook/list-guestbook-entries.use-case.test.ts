import { describe, expect, it } from '@jest/globals';

import { aGuestbookEntry, AT } from '../../testing';
import { createWorld } from '../../test/world';

describe('ListGuestbookEntriesUseCase', () => {
  it('gives the owner every entry, whatever its class, newest first, with review fields', async () => {
    const world = createWorld();
    const pending = aGuestbookEntry({ createdAt: AT('2026-01-03T00:00:00.000Z') });
    const approved = aGuestbookEntry({
      isApproved: true,
      reviewedAt: AT('2026-01-05T00:00:00.000Z'),
      createdAt: AT('2026-01-02T00:00:00.000Z'),
    });
    const rejected = aGuestbookEntry({
      reviewedAt: AT('2026-01-05T00:00:00.000Z'),
      adminNotes: 'spam',
      createdAt: AT('2026-01-01T00:00:00.000Z'),
    });
    for (const entry of [approved, rejected, pending]) await world.repositories.guestbookEntries.add(entry);

    expect(await world.useCases.listGuestbookEntries.execute()).toEqual([pending, approved, rejected]);
  });
});
