import { RECENT_ACTIVITY_WINDOW_DAYS } from '@memoir/shared';

import type { GuestbookEntryRepository } from '../guestbook/guestbook-entry.repository';
import type { ReviewSummary } from '../scholarships/review-reminder';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import { countThrough, type RecentCounts } from '../shared/recent-counts';

export interface Dashboard {
  readonly guestbook: { readonly total: number; readonly pending: number };
  readonly scholarships: { readonly total: number; readonly pending: number };
  /** Entries and requests created in the last 7 days. */
  readonly recentActivity: { readonly guestbookCount: number; readonly scholarshipCount: number };
  /**
   * The landing page's promise (an answer within 24 hours): pending requests older than that,
   * and when the oldest pending request arrived.
   */
  readonly scholarshipPromise: { readonly overdue: number; readonly oldestPendingAt: Date | null };
  /** Copies downloaded, review reminders sent, and what the readers answered. */
  readonly reviews: ReviewSummary;
}

/** The landing page promises an answer within this long. */
export const SCHOLARSHIP_PROMISE_MS = 24 * 60 * 60 * 1000;

const WINDOW_MS = RECENT_ACTIVITY_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The owner's at-a-glance counts. */
export class GetDashboardUseCase {
  constructor(
    private readonly deps: {
      readonly guestbookEntries: GuestbookEntryRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly clock: Clock;
      readonly counts?: RecentCounts;
    },
  ) {}

  execute(): Promise<Dashboard> {
    return countThrough(this.deps.counts, 'dashboard', () => this.read());
  }

  private async read(): Promise<Dashboard> {
    const now = this.deps.clock.now().getTime();
    const since = new Date(now - WINDOW_MS);
    const [guestbook, scholarships, pendingAge, reviews] = await Promise.all([
      this.deps.guestbookEntries.summarize(since),
      this.deps.scholarshipRequests.summarize(since),
      this.deps.scholarshipRequests.pendingAge(new Date(now - SCHOLARSHIP_PROMISE_MS)),
      this.deps.scholarshipRequests.reviewSummary(),
    ]);
    return {
      guestbook: { total: guestbook.total, pending: guestbook.pending },
      scholarships: { total: scholarships.total, pending: scholarships.pending },
      recentActivity: { guestbookCount: guestbook.createdSince, scholarshipCount: scholarships.createdSince },
      scholarshipPromise: pendingAge,
      reviews,
    };
  }
}
