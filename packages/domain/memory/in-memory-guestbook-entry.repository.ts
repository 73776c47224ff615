import type { GuestbookEntry, GuestbookReview } from '../src/guestbook/guestbook-entry';
import type { GuestbookEntryRepository } from '../src/guestbook/guestbook-entry.repository';
import { classifyGuestbookEntry } from '@memoir/shared';
import { copy, newestFirst } from './in-memory-database';
import { InMemoryReviewQueue, type InMemoryReviewQueueTable } from './in-memory-review-queue';

const GUESTBOOK_QUEUE: InMemoryReviewQueueTable<GuestbookEntry, 'class'> = {
  filter: 'class',
  noun: 'guestbook entry',
  rows: (db) => db.guestbookEntries,
  stateOf: classifyGuestbookEntry,
  searched: (entry) => [entry.name, entry.location, entry.message, entry.adminNotes],
  decidedAt: (entry) => entry.reviewedAt,
  deliveryKey: 'entryId',
};

export class InMemoryGuestbookEntryRepository
  extends InMemoryReviewQueue<GuestbookEntry, 'class'>
  implements GuestbookEntryRepository
{
  protected readonly table = GUESTBOOK_QUEUE;

  async listApproved(limit: number): Promise<GuestbookEntry[]> {
    return [...this.rows.values()]
      .filter((entry) => entry.isApproved)
      .sort(newestFirst)
      .slice(0, Math.max(0, limit))
      .map(copy);
  }

  countByClass() {
    return this.countPerState();
  }

  async saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null> {
    const entry = this.rows.get(id);
    if (entry === undefined) return null;
    const updated: GuestbookEntry = { ...entry, ...review };
    this.rows.set(id, copy(updated));
    return copy(updated);
  }

  deleteRejectedReviewedBefore(before: Date): Promise<number> {
    return this.deleteRejectedBefore(before);
  }
}
