import type { EventCount, EventCountStore } from '../src/analytics/event-counts';
import type { InMemoryDatabase } from './in-memory-database';

export class InMemoryEventCountStore implements EventCountStore {
  constructor(private readonly db: InMemoryDatabase) {}

  async add(counts: readonly EventCount[]): Promise<void> {
    for (const count of counts) {
      const key = `${count.day}\u0000${count.name}\u0000${count.detail}`;
      const current = this.db.eventCounts.get(key);
      this.db.eventCounts.set(key, { ...count, count: (current?.count ?? 0) + count.count });
    }
  }

  async list(fromDay: string, toDay: string): Promise<EventCount[]> {
    return [...this.db.eventCounts.values()]
      .filter((count) => count.day >= fromDay && count.day <= toDay)
      .map((count) => ({ ...count }));
  }
}
