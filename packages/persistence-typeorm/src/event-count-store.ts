import type { EventCount, EventCountStore } from '@memoir/domain';
import { isCountedEvent } from '@memoir/shared';
import { Between, type DataSource } from 'typeorm';

import { withDeadlockRetry } from './deadlock-retry';
import { MYSQL, SQLITE } from './dialect';
import { EventCountSchema } from './schemas';

/** Totals written per statement: a flush holds a few dozen at most. */
const BATCH = 200;

/** Daily totals in the database; each add is one upsert that adds to the stored count. */
export class TypeOrmEventCountStore implements EventCountStore {
  constructor(private readonly dataSource: DataSource) {}

  async add(counts: readonly EventCount[]): Promise<void> {
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const q = sqlite ? SQLITE : MYSQL;
    const columns = ['day', 'name', 'detail', 'count'].map((column) => q.id(column)).join(', ');
    for (let start = 0; start < counts.length; start += BATCH) {
      const batch = counts.slice(start, start + BATCH);
      const values = batch.map(() => '(?, ?, ?, ?)').join(', ');
      const parameters = batch.flatMap((count) => [count.day, count.name, count.detail, count.count]);
      const total = q.id('count');
      const sql = sqlite
        ? `INSERT INTO ${q.id('event_counts')} (${columns}) VALUES ${values} ON CONFLICT (${q.id('day')}, ${q.id('name')}, ${q.id('detail')}) DO UPDATE SET ${total} = ${total} + excluded.${total}`
        : `INSERT INTO ${q.id('event_counts')} (${columns}) VALUES ${values} ON DUPLICATE KEY UPDATE ${total} = ${total} + VALUES(${total})`;
      await withDeadlockRetry(() => this.dataSource.query(sql, parameters));
    }
  }

  async list(fromDay: string, toDay: string): Promise<EventCount[]> {
    const rows = await this.dataSource.manager.find(EventCountSchema, { where: { day: Between(fromDay, toDay) } });
    return rows.flatMap((row) =>
      isCountedEvent(row.name) ? [{ day: row.day, name: row.name, detail: row.detail, count: Number(row.count) }] : [],
    );
  }
}
