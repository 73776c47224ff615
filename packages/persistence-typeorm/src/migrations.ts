import type { Connection as MysqlConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';

/** What a start did about the schema. */
export interface MigrationReport {
  /** The migrations this release knows, oldest first (their class names). */
  readonly known: readonly string[];
  /** Those this start ran, in order: empty when the database was up to date (or not checked). */
  readonly ran: readonly string[];
}

/**
 * How a start treats the schema:
 * - `true`: run the pending migrations, under a lock, so that of processes starting together
 *   one migrates and the others wait and find nothing to do;
 * - `'check'`: run none, and refuse a database that lacks any (MIGRATE_ON_START=off, where a
 *   release step runs `pnpm admin migrate`);
 * - `false`: neither (tools and tests that open a database they know).
 * Both `true` and `'check'` refuse a database that holds a migration this release does not know.
 */
export type MigrateMode = boolean | 'check';

/** The database and this release disagree about the schema; the message says what to do. */
export class SchemaMismatchError extends Error {
  constructor(
    readonly kind: 'newer' | 'behind',
    readonly migrations: readonly string[],
  ) {
    super(
      kind === 'newer'
        ? `the database was migrated by a newer release: it holds migrations this release does not know (${migrations.join(', ')}). Run that release or a newer one, or restore a backup taken before the upgrade; this release does not run on it.`
        : `the database lacks ${migrations.length} migrations of this release (${migrations.join(', ')}), and MIGRATE_ON_START is off: run \`pnpm admin migrate\` with the same configuration first.`,
    );
    this.name = 'SchemaMismatchError';
  }
}

/** Another process held the migration lock for longer than we wait. */
export class MigrationLockTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(
      `another process has held the migration lock for over ${Math.round(waitedMs / 1000)} s (it is migrating the database, or stopped while doing so): let it finish, or stop it, then start again.`,
    );
    this.name = 'MigrationLockTimeoutError';
  }
}

export interface MigrationLockOptions {
  /** How long to wait for another process's migrations. */
  readonly timeoutMs: number;
  /** Told once when another process holds the lock, so that the wait is logged. */
  readonly onWaiting?: () => void;
}

/** The class names of the data source's migrations, as TypeORM records them. */
export function knownMigrations(dataSource: DataSource): string[] {
  return dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
}

async function recordedMigrations(dataSource: DataSource, kind: 'sqlite' | 'mysql'): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const exists =
    kind === 'sqlite'
      ? `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`
      : 'SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?';
  const [found] = (await dataSource.query(exists, [table])) as Array<{ n: number | string }>;
  if (Number(found?.n ?? 0) === 0) return [];
  const rows = (await dataSource.query(`SELECT name FROM ${table} ORDER BY id`)) as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/**
 * Compares the database's record with this release's migrations and, in `run` mode, runs what
 * is pending. The caller holds the lock. SQLite runs them inside the caller's transaction
 * (`transaction: 'none'` here); MySQL each in its own, as DDL commits anyway.
 */
export async function migrate(
  dataSource: DataSource,
  kind: 'sqlite' | 'mysql',
  mode: 'run' | 'check',
): Promise<MigrationReport> {
  const known = knownMigrations(dataSource);
  const recorded = await recordedMigrations(dataSource, kind);
  const unknown = recorded.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new SchemaMismatchError('newer', unknown);
  const pending = known.filter((name) => !recorded.includes(name));
  if (pending.length === 0) return { known, ran: [] };
  if (mode === 'check') throw new SchemaMismatchError('behind', pending);
  const ran = await dataSource.runMigrations({ transaction: kind === 'sqlite' ? 'none' : 'each' });
  return { known, ran: ran.map((migration) => migration.name) };
}

const isBusy = (error: unknown): boolean => {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const { code, driverError } = current as { code?: unknown; driverError?: unknown };
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true;
    current = driverError;
  }
  return false;
};

/**
 * SQLite: the migrations under one `BEGIN IMMEDIATE` transaction, which takes the database's
 * write lock (a second process waits for it, then finds nothing to do) and makes the whole set
 * all or nothing. Foreign keys are off meanwhile, as a table rebuild needs, and checked before
 * the commit.
 */
export async function migrateSqliteUnderLock(
  dataSource: DataSource,
  lock: MigrationLockOptions,
): Promise<MigrationReport> {
  const started = Date.now();
  let told = false;
  await dataSource.query('PRAGMA foreign_keys = OFF');
  try {
    for (;;) {
      try {
        // better-sqlite3 waits up to its busy timeout inside this call.
        await dataSource.query('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (!told) lock.onWaiting?.();
        told = true;
        if (Date.now() - started >= lock.timeoutMs) throw new MigrationLockTimeoutError(Date.now() - started);
      }
    }
    try {
      const report = await migrate(dataSource, 'sqlite', 'run');
      const broken = (await dataSource.query('PRAGMA foreign_key_check')) as unknown[];
      if (broken.length > 0) throw new Error(`the migrations left ${broken.length} rows with a broken foreign key.`);
      await dataSource.query('COMMIT');
      return report;
    } catch (error) {
      await dataSource.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await dataSource.query('PRAGMA foreign_keys = ON');
  }
}

/**
 * MySQL: `work` under a named lock (GET_LOCK) held by `control`, a connection of its own, so
 * that of processes starting together one migrates at a time. The name is the database's own
 * (lock names are server-wide, and other databases on the server migrate independently).
 * GET_LOCK's lock ends with its session: a process that dies mid-way lets the next one in.
 */
export async function underMysqlLock<T>(
  control: MysqlConnection,
  lock: MigrationLockOptions,
  work: () => Promise<T>,
): Promise<T> {
  const name = "CONCAT('memoir-migrations-', MD5(DATABASE()))";
  const take = async (waitSeconds: number): Promise<boolean> => {
    const [rows] = await control.query(`SELECT GET_LOCK(${name}, ?) AS got`, [waitSeconds]);
    return Number((rows as Array<{ got: unknown }>)[0]?.got) === 1;
  };
  const started = Date.now();
  if (!(await take(0))) {
    lock.onWaiting?.();
    if (!(await take(Math.max(1, Math.ceil(lock.timeoutMs / 1000))))) {
      throw new MigrationLockTimeoutError(Date.now() - started);
    }
  }
  try {
    return await work();
  } finally {
    await control.query(`SELECT RELEASE_LOCK(${name})`).catch(() => undefined);
  }
}
