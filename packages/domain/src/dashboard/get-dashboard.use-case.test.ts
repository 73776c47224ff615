import { describe, expect, it } from '@jest/globals';

import { aGuestbookEntry, aScholarshipRequest } from '../../testing';
import { createWorld } from '../../test/world';

describe('GetDashboardUseCase', () => {
  it('counts totals, pending items, and what arrived in the last 7 days (inclusive)', async () => {
    const world = createWorld();
    const now = world.clock.now().getTime();
    const daysAgo = (days: number, extraMs = 0) => new Date(now - days * 86_400_000 - extraMs);
    const { guestbookEntries, scholarshipRequests } = world.repositories;

    await guestbookEntries.add(aGuestbookEntry({ createdAt: daysAgo(0) }));
    await guestbookEntries.add(aGuestbookEntry({ createdAt: daysAgo(7) }));
    await guestbookEntries.add(aGuestbookEntry({ createdAt: daysAgo(7, 1), isApproved: true, reviewedAt: daysAgo(1) }));
    await guestbookEntries.add(aGuestbookEntry({ createdAt: daysAgo(30), reviewedAt: daysAgo(29) }));
    await scholarshipRequests.add(aScholarshipRequest({ createdAt: daysAgo(1) }));
    await scholarshipRequests.add(
      aScholarshipRequest({ createdAt: daysAgo(8), status: 'approved', decidedAt: daysAgo(7) }),
    );

    expect(await world.useCases.getDashboard.execute()).toEqual({
      guestbook: { total: 4, pending: 2 },
      scholarships: { total: 2, pending: 1 },
      recentActivity: { guestbookCount: 2, scholarshipCount: 1 },
      scholarshipPromise: { overdue: 0, oldestPendingAt: daysAgo(1) },
      reviews: { downloads: 0, downloadedBy: 0, remindersSent: 0, reviewed: 0, declined: 0 },
    });
  });

  it('counts the pending requests older than 24 hours, the promise of the landing page', async () => {
    const world = createWorld();
    const now = world.clock.now().getTime();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
    const { scholarshipRequests } = world.repositories;
    await scholarshipRequests.add(aScholarshipRequest({ createdAt: hoursAgo(23.9) }));
    await scholarshipRequests.add(aScholarshipRequest({ createdAt: hoursAgo(24.01) }));
    await scholarshipRequests.add(aScholarshipRequest({ createdAt: hoursAgo(50) }));
    await scholarshipRequests.add(aScholarshipRequest({ createdAt: hoursAgo(90), status: 'approved' }));

    expect((await world.useCases.getDashboard.execute()).scholarshipPromise).toEqual({
      overdue: 2,
      oldestPendingAt: hoursAgo(50),
    });
  });
});
