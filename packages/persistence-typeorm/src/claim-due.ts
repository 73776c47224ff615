import type { EntityManager } from 'typeorm';

import type { Dialect } from './dialect';

/**
 * The ids of up to `limit` rows of an outbox table (`deliveries`, `reader_webhooks`) that wait
 * in `waiting` status, are due (`next_attempt_at <= now`) and that no live lease holds, oldest
 * due first, leased until `leaseUntil`. Of concurrent claims, in one process or several, each
 * row goes to one: SQLite leases in one statement, MySQL locks the rows others have not locked
 * (SKIP LOCKED), leases them and commits.
 */
export async function claimDueIds(
  manager: EntityManager,
  dialect: Dialect,
  target: { readonly table: string; readonly waiting: 'queued' | 'pending' },
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<string[]> {
  if (limit < 1) return [];
  const q = dialect.id;
  const table = q(target.table);
  // The status is the repository's own word, never input: written in the statement, as the list queries' plans expect.
  const due = `${q('status')} = '${target.waiting}' AND ${q('next_attempt_at')} <= ? AND (${q('lease_until')} IS NULL OR ${q('lease_until')} <= ?)`;
  const dueOrder = `ORDER BY ${q('next_attempt_at')}, ${q('id')} LIMIT ?`;
  if (dialect.kind === 'sqlite') {
    const rows = (await manager.query(
      `UPDATE ${table} SET ${q('lease_until')} = ? WHERE ${q('id')} IN (SELECT ${q('id')} FROM ${table} WHERE ${due} ${dueOrder}) RETURNING ${q('id')}`,
      [dialect.time(leaseUntil), dialect.time(now), dialect.time(now), limit],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
  return manager.transaction(async (transaction) => {
    const rows = (await transaction.query(
      `SELECT ${q('id')} FROM ${table} WHERE ${due} ${dueOrder} FOR UPDATE SKIP LOCKED`,
      [now, now, limit],
    )) as Array<{ id: string }>;
    const claimed = rows.map((row) => row.id);
    if (claimed.length > 0) {
      await transaction.query(
        `UPDATE ${table} SET ${q('lease_until')} = ? WHERE ${q('id')} IN (${claimed.map(() => '?').join(', ')})`,
        [leaseUntil, ...claimed],
      );
    }
    return claimed;
  });
}
