import type { GuestbookEntry, GuestbookEntryRepository, GuestbookReview } from '@memoir/domain';
import { classifyGuestbookEntry } from '@memoir/shared';

import { isKey } from './dialect';
import { TypeOrmReviewQueue, type ReviewQueueTable } from './review-queue';
import { GuestbookEntrySchema, type GuestbookEntryRow } from './schemas';
import { SEARCH_INDEX } from './search';

const toGuestbookEntry = (row: GuestbookEntryRow): GuestbookEntry => ({
  id: row.id,
  name: row.name,
  location: row.location,
  message: row.message,
  createdAt: row.createdAt,
  isApproved: Boolean(row.isApproved),
  reviewedAt: row.reviewedAt,
  adminNotes: row.adminNotes,
});

const GUESTBOOK_QUEUE: ReviewQueueTable<GuestbookEntryRow, GuestbookEntry, 'class'> = {
  schema: GuestbookEntrySchema,
  alias: 'entry',
  toRow: (entry) => ({ ...entry, reviewClass: classifyGuestbookEntry(entry) }),
  toItem: toGuestbookEntry,
  state: {
    filter: 'class',
    property: 'reviewClass',
    column: 'review_class',
    index: 'idx_guestbook_entries_class_created',
  },
  decidedAt: 'reviewedAt',
  // Not approved and never reviewed: the (is_approved, reviewed_at) index.
  pending: (q) => ({ where: `${q('is_approved')} = ? AND ${q('reviewed_at')} IS NULL`, parameter: 0 }),
  search: SEARCH_INDEX.guestbook,
};

export class TypeOrmGuestbookEntryRepository
  extends TypeOrmReviewQueue<GuestbookEntryRow, GuestbookEntry, 'class'>
  implements GuestbookEntryRepository
{
  protected readonly table = GUESTBOOK_QUEUE;

  async listApproved(limit: number): Promise<GuestbookEntry[]> {
    const rows = await this.manager.find(GuestbookEntrySchema, {
      where: { isApproved: true },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: Math.max(0, limit),
    });
    return rows.map(toGuestbookEntry);
  }

  countByClass() {
    return this.countPerState();
  }

  async saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null> {
    if (!isKey(id)) return null;
    await this.manager.update(GuestbookEntrySchema, { id }, { ...review, reviewClass: classifyGuestbookEntry(review) });
    return this.findById(id);
  }

  /** The deliveries go with them: fk_deliveries_entry cascades. */
  deleteRejectedReviewedBefore(before: Date): Promise<number> {
    return this.deleteRejectedBefore(before);
  }
}
