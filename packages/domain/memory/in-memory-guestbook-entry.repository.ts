import type { GuestbookEntry, GuestbookReview } from '../src/guestbook/guestbook-entry';
import type { GuestbookEntryRepository, GuestbookListFilter } from '../src/guestbook/guestbook-entry.repository';
import type { CapabilitySummary } from '../src/review-queue/review-queue.repository';
import type { ListCursor } from '../src/shared/list-page';
import { classifyGuestbookEntry, type GuestbookEntryClass } from '@memoir/shared';
import { containsText, copy, createdBetween, newestFirst, pageOf, type InMemoryDatabase } from './in-memory-database';

export class InMemoryGuestbookEntryRepository implements GuestbookEntryRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(entry: GuestbookEntry): Promise<void> {
    if (this.db.guestbookEntries.has(entry.id)) throw new Error(`Duplicate guestbook entry id ${entry.id}`);
    this.db.guestbookEntries.set(entry.id, copy(entry));
  }

  async findById(id: string): Promise<GuestbookEntry | null> {
    const entry = this.db.guestbookEntries.get(id);
    return entry === undefined ? null : copy(entry);
  }

  async listApproved(limit: number): Promise<GuestbookEntry[]> {
    return [...this.db.guestbookEntries.values()]
      .filter((entry) => entry.isApproved)
      .sort(newestFirst)
      .slice(0, Math.max(0, limit))
      .map(copy);
  }

  async listAll(): Promise<GuestbookEntry[]> {
    return [...this.db.guestbookEntries.values()].sort(newestFirst).map(copy);
  }

  async listPage(
    filter: GuestbookListFilter,
    page: { readonly limit: number; readonly before?: ListCursor },
  ): Promise<GuestbookEntry[]> {
    const matches = (entry: GuestbookEntry) =>
      (filter.class === undefined || classifyGuestbookEntry(entry) === filter.class) &&
      containsText(filter.search, [entry.name, entry.location, entry.message, entry.adminNotes]);
    return pageOf(this.db.guestbookEntries.values(), matches, page);
  }

  async countByClass(): Promise<Readonly<Record<GuestbookEntryClass, number>>> {
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const entry of this.db.guestbookEntries.values()) counts[classifyGuestbookEntry(entry)] += 1;
    return counts;
  }

  async saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null> {
    const entry = this.db.guestbookEntries.get(id);
    if (entry === undefined) return null;
    const updated: GuestbookEntry = { ...entry, ...review };
    this.db.guestbookEntries.set(id, copy(updated));
    return copy(updated);
  }

  async summarize(since: Date): Promise<CapabilitySummary> {
    const entries = [...this.db.guestbookEntries.values()];
    return {
      total: entries.length,
      pending: entries.filter((entry) => classifyGuestbookEntry(entry) === 'pending').length,
      createdSince: entries.filter((entry) => entry.createdAt.getTime() >= since.getTime()).length,
    };
  }

  async listCreatedBetween(from: Date, to: Date, limit: number): Promise<GuestbookEntry[]> {
    return createdBetween(this.db.guestbookEntries.values(), from, to, limit);
  }

  async deleteRejectedReviewedBefore(before: Date): Promise<number> {
    let deleted = 0;
    for (const entry of [...this.db.guestbookEntries.values()]) {
      if (classifyGuestbookEntry(entry) !== 'rejected' || entry.reviewedAt === null) continue;
      if (entry.reviewedAt.getTime() >= before.getTime()) continue;
      this.db.guestbookEntries.delete(entry.id);
      for (const delivery of [...this.db.deliveries.values()]) {
        if (delivery.entryId === entry.id) this.db.deliveries.delete(delivery.id);
      }
      deleted += 1;
    }
    return deleted;
  }
}
