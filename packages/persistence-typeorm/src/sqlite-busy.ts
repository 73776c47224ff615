import type { DataSource } from 'typeorm';

function isBusy(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  const text = typeof code === 'string' ? code : typeof driverError?.code === 'string' ? driverError.code : '';
  return text.startsWith('SQLITE_BUSY');
}

/**
 * Fail fast while another connection holds the SQLite write lock. better-sqlite3 waits for a
 * lock synchronously: every statement that meets a held lock blocks the whole event loop for
 * the busy timeout, one after the other, so a lock held for a minute would freeze the server
 * for many. After the first statement that timed out, the busy timeout drops to 0: writes
 * fail at once (503), reads go on (WAL). Before each later task a cheap probe (BEGIN
 * IMMEDIATE, ROLLBACK) asks whether the lock is free; once it is, the busy timeout is back.
 * Runs inside the connection's mutex, so no transaction is open around the probe.
 */
export class SqliteBusyGuard {
  private failingFast = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly busyTimeoutMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.failingFast && (await this.writeLockIsFree())) await this.failFast(false);
    try {
      return await task();
    } catch (error) {
      if (!this.failingFast && isBusy(error)) await this.failFast(true);
      throw error;
    }
  }

  private async writeLockIsFree(): Promise<boolean> {
    try {
      await this.dataSource.query('BEGIN IMMEDIATE');
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    }
    await this.dataSource.query('ROLLBACK');
    return true;
  }

  private async failFast(on: boolean): Promise<void> {
    await this.dataSource.query(`PRAGMA busy_timeout = ${on ? 0 : Math.round(this.busyTimeoutMs)}`);
    this.failingFast = on;
  }
}
