import { RECENT_ACTIVITY_WINDOW_DAYS } from '@memoir/shared';

import type { GuestbookEntryRepository } from '../guestbook/guestbook-entry.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';

export interface Dashboard {
  readonly guestbook: { readonly total: number; readonly pending: number };
  readonly scholarships: { readonly total: number; readonly pending: number };
  /** Entries and requests created in the last 7 days. */
  readonly recentActivity: { readonly guestbookCount: number; readonly scholarshipCount: number };
}

const WINDOW_MS = RECENT_ACTIVITY_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The owner's at-a-glance counts. */
export class GetDashboardUseCase {
  constructor(
    private readonly deps: {
      readonly guestbookEntries: GuestbookEntryRepository;
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly clock: Clock;
    },
  ) {}

  async execute(): Promise<Dashboard> {
    const since = new Date(this.deps.clock.now().getTime() - WINDOW_MS);
    const [guestbook, scholarships] = await Promise.all([
      this.deps.guestbookEntries.summarize(since),
      this.deps.scholarshipRequests.summarize(since),
    ]);
    return {
      guestbook: { total: guestbook.total, pending: guestbook.pending },
      scholarships: { total: scholarships.total, pending: scholarships.pending },
      recentActivity: { guestbookCount: guestbook.createdSince, scholarshipCount: scholarships.createdSince },
    };
  }
}
