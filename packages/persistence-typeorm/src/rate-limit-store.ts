import { createHash } from 'node:crypto';

import type { RateLimitStore, RateLimitWindow } from '@memoir/domain';
import type { DataSource } from 'typeorm';

import { MYSQL, SQLITE, sqliteTime } from './dialect';
import { withDeadlockRetry } from './deadlock-retry';
import { RateLimitCounterSchema } from './schemas';

interface CounterRow {
  count: unknown;
  reset_at: unknown;
}

const toWindow = (row: CounterRow, readTime: (value: unknown) => Date): RateLimitWindow => ({
  count: Number(row.count),
  resetAt: readTime(row.reset_at),
});

/** The key column's length (schemas.ts): a longer key would be refused by MySQL (a 500). */
const KEY_MAX_LENGTH = 191;

/**
 * The key as stored: as is when it fits the column, else its SHA-256. Keys hold what clients
 * send (a username of up to 256 characters, an address), so they may be longer than 191.
 */
export function storedRateLimitKey(key: string): string {
  return key.length <= KEY_MAX_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Fixed-window counters in the database, shared by every server process. Each hit is one
 * atomic upsert, so concurrent hits from several processes are all counted.
 */
export class TypeOrmRateLimitStore implements RateLimitStore {
  constructor(private readonly dataSource: DataSource) {}

  private get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  async hit(rawKey: string, windowMs: number, now: Date): Promise<RateLimitWindow> {
    const key = storedRateLimitKey(rawKey);
    const resetAt = new Date(now.getTime() + windowMs);
    if (this.isSqlite) {
      // SQLite evaluates every SET expression against the old row, and returns the new one.
      const rows = (await this.dataSource.query(
        `INSERT INTO "rate_limit_counters" ("key", "count", "reset_at") VALUES (?, 1, ?)
         ON CONFLICT ("key") DO UPDATE SET
           "count" = CASE WHEN "reset_at" <= ? THEN 1 ELSE "count" + 1 END,
           "reset_at" = CASE WHEN "reset_at" <= ? THEN ? ELSE "reset_at" END
         RETURNING "count", "reset_at"`,
        [key, sqliteTime(resetAt), sqliteTime(now), sqliteTime(now), sqliteTime(resetAt)],
      )) as CounterRow[];
      const [row] = rows;
      if (row === undefined) throw new Error('The rate-limit upsert returned no row');
      return toWindow(row, SQLITE.readTime);
    }
    // MySQL assigns left to right: `count` is computed while `reset_at` still holds the old
    // value. The row stays locked until commit, so the SELECT reads this hit's own result.
    return withDeadlockRetry(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO \`rate_limit_counters\` (\`key\`, \`count\`, \`reset_at\`) VALUES (?, 1, ?)
           ON DUPLICATE KEY UPDATE
             \`count\` = IF(\`reset_at\` <= ?, 1, \`count\` + 1),
             \`reset_at\` = IF(\`reset_at\` <= ?, ?, \`reset_at\`)`,
          [key, resetAt, now, now, resetAt],
        );
        const rows = (await manager.query('SELECT `count`, `reset_at` FROM `rate_limit_counters` WHERE `key` = ?', [
          key,
        ])) as CounterRow[];
        const [row] = rows;
        if (row === undefined) throw new Error('The rate-limit counter vanished inside its transaction');
        return toWindow(row, MYSQL.readTime);
      }),
    );
  }

  async peek(rawKey: string, now: Date): Promise<RateLimitWindow | null> {
    const key = storedRateLimitKey(rawKey);
    const q = this.isSqlite ? SQLITE : MYSQL;
    const rows = (await this.dataSource.query(
      `SELECT ${q.id('count')}, ${q.id('reset_at')} FROM ${q.id('rate_limit_counters')} WHERE ${q.id('key')} = ? AND ${q.id('reset_at')} > ?`,
      [key, q.time(now)],
    )) as CounterRow[];
    const [row] = rows;
    return row === undefined ? null : toWindow(row, q.readTime);
  }

  async giveBack(rawKey: string, now: Date): Promise<void> {
    const key = storedRateLimitKey(rawKey);
    const q = this.isSqlite ? SQLITE : MYSQL;
    // One conditional UPDATE: atomic against concurrent hits, in one process or several.
    await this.dataSource.query(
      `UPDATE ${q.id('rate_limit_counters')} SET ${q.id('count')} = ${q.id('count')} - 1
       WHERE ${q.id('key')} = ? AND ${q.id('reset_at')} > ? AND ${q.id('count')} > 0`,
      [key, q.time(now)],
    );
  }

  async reset(rawKey: string): Promise<void> {
    const key = storedRateLimitKey(rawKey);
    const q = this.isSqlite ? SQLITE : MYSQL;
    await this.dataSource.query(`DELETE FROM ${q.id('rate_limit_counters')} WHERE ${q.id('key')} = ?`, [key]);
  }

  async deleteEnded(now: Date, dryRun: boolean): Promise<number> {
    const q = this.isSqlite ? SQLITE : MYSQL;
    const where = `FROM ${q.id('rate_limit_counters')} WHERE ${q.id('reset_at')} <= ?`;
    if (dryRun) {
      const rows = (await this.dataSource.query(`SELECT COUNT(*) AS n ${where}`, [q.time(now)])) as Array<{
        n: unknown;
      }>;
      return Number(rows[0]?.n ?? 0);
    }
    const result = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(RateLimitCounterSchema)
      .where(`${q.id('reset_at')} <= :now`, { now: q.time(now) })
      .execute();
    return result.affected ?? 0;
  }
}
