import type { CountedEventName } from '@memoir/shared';

/** One day's total of one event (and detail: the referring domain, the store, the graphic; '' for none). */
export interface EventCount {
  /** The day in UTC, `YYYY-MM-DD`. */
  readonly day: string;
  readonly name: CountedEventName;
  readonly detail: string;
  readonly count: number;
}

/**
 * Port: daily totals of the counted events, shared by every server process. Nothing about a
 * visitor is kept: no address, no cookie, no row per visit.
 */
export interface EventCountStore {
  /**
   * Adds each count to its day's total for that name and detail, creating the total at 0 when
   * there is none. Atomic per total: concurrent adds, from one process or several, all count.
   */
  add(counts: readonly EventCount[]): Promise<void>;

  /** Every total of the days from `fromDay` to `toDay`, both included (`YYYY-MM-DD`). */
  list(fromDay: string, toDay: string): Promise<EventCount[]>;
}

/** `YYYY-MM-DD` of a moment, in UTC. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Counts kept in the process and written to the store now and then (the server flushes every
 * few seconds and when it stops), so a busy page costs a handful of writes a minute rather
 * than one per view. What a crash loses is seconds of counts, never anyone's data.
 */
export class EventCountBuffer {
  private pending = new Map<string, EventCount>();

  add(day: string, name: CountedEventName, detail: string): void {
    const key = `${day}\u0000${name}\u0000${detail}`;
    const current = this.pending.get(key);
    this.pending.set(key, { day, name, detail, count: (current?.count ?? 0) + 1 });
  }

  /** Writes what is pending; on failure it is kept for the next flush. */
  async flush(store: EventCountStore): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await store.add([...batch.values()]);
    } catch (error) {
      for (const [key, count] of batch) {
        const current = this.pending.get(key);
        this.pending.set(key, { ...count, count: count.count + (current?.count ?? 0) });
      }
      throw error;
    }
  }
}
