import type { CapabilitySummary } from '../src/review-queue/review-queue.repository';
import {
  containsText,
  copy,
  createdBetween,
  newestFirst,
  pageOf,
  type InMemoryDatabase,
  type PageRequest,
} from './in-memory-database';

/**
 * The review queue: what guestbook moderation and scholarship decisions keep alike (a table
 * of submissions in three states, listed by state and search, counted per state, thinned by
 * retention). The two repositories extend it and add what only they do.
 */

/** A queue's three states: a guestbook entry's class, a scholarship request's status. */
type ReviewState = 'pending' | 'approved' | 'rejected';

/** A list's filter: a state, under the queue's own name for it (`Key`), and a search. */
type ReviewQueueFilter<Key extends string> = { readonly [K in Key]?: ReviewState } & { readonly search?: string };

/** What tells one queue's table from the other's. */
export interface InMemoryReviewQueueTable<
  Item extends { readonly id: string; readonly createdAt: Date },
  Key extends string,
> {
  /** The state's name in a list's filter. */
  readonly filter: Key;
  /** What an item is called in the error a duplicate id throws. */
  readonly noun: string;
  readonly rows: (db: InMemoryDatabase) => Map<string, Item>;
  readonly stateOf: (item: Item) => ReviewState;
  /** The texts a search looks in. */
  readonly searched: (item: Item) => ReadonlyArray<string | null>;
  /** When an item was decided: retention deletes the rejected ones decided long ago. */
  readonly decidedAt: (item: Item) => Date | null;
  /** The delivery field that names an item: its deliveries go with it, as the foreign key does. */
  readonly deliveryKey: 'entryId' | 'requestId';
}

export abstract class InMemoryReviewQueue<
  Item extends { readonly id: string; readonly createdAt: Date },
  Key extends string,
> {
  /** The queue's table: given by each repository. */
  protected abstract readonly table: InMemoryReviewQueueTable<Item, Key>;

  constructor(protected readonly db: InMemoryDatabase) {}

  /** The table as it is now: a rolled-back transaction puts other maps in place. */
  protected get rows(): Map<string, Item> {
    return this.table.rows(this.db);
  }

  async add(item: Item): Promise<void> {
    if (this.rows.has(item.id)) throw new Error(`Duplicate ${this.table.noun} id ${item.id}`);
    this.rows.set(item.id, copy(item));
  }

  async findById(id: string): Promise<Item | null> {
    const item = this.rows.get(id);
    return item === undefined ? null : copy(item);
  }

  async listAll(): Promise<Item[]> {
    return [...this.rows.values()].sort(newestFirst).map(copy);
  }

  async summarize(since: Date): Promise<CapabilitySummary> {
    const items = [...this.rows.values()];
    return {
      total: items.length,
      pending: items.filter((item) => this.table.stateOf(item) === 'pending').length,
      createdSince: items.filter((item) => item.createdAt.getTime() >= since.getTime()).length,
    };
  }

  async listCreatedBetween(from: Date, to: Date, limit: number): Promise<Item[]> {
    return createdBetween(this.rows.values(), from, to, limit);
  }

  /** A page of the items in the filter's state (any, when none) that contain its search, newest first. */
  async listPage(filter: ReviewQueueFilter<Key>, page: PageRequest): Promise<Item[]> {
    const state: ReviewState | undefined = filter[this.table.filter];
    const matches = (item: Item) =>
      (state === undefined || this.table.stateOf(item) === state) &&
      containsText(filter.search, this.table.searched(item));
    return pageOf(this.rows.values(), matches, page);
  }

  protected async countPerState(): Promise<Readonly<Record<ReviewState, number>>> {
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const item of this.rows.values()) counts[this.table.stateOf(item)] += 1;
    return counts;
  }

  /** Retention: deletes the rejected items decided before `before`, with their deliveries. */
  protected async deleteRejectedBefore(before: Date): Promise<number> {
    let deleted = 0;
    for (const item of [...this.rows.values()]) {
      const decidedAt = this.table.decidedAt(item);
      if (this.table.stateOf(item) !== 'rejected' || decidedAt === null) continue;
      if (decidedAt.getTime() >= before.getTime()) continue;
      this.rows.delete(item.id);
      for (const delivery of [...this.db.deliveries.values()]) {
        if (delivery[this.table.deliveryKey] === item.id) this.db.deliveries.delete(delivery.id);
      }
      // And their timelines with them, as the foreign key does.
      this.db.deliveryEvents = this.db.deliveryEvents.filter((event) => this.db.deliveries.has(event.deliveryId));
      deleted += 1;
    }
    return deleted;
  }
}
