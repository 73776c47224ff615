import type { Repositories, UnitOfWork } from '@memoir/domain';
import { DataSource } from 'typeorm';

import { TypeOrmAuditEventRepository } from './audit-event.repository';
import { DatabaseUrlError, mysqlTls, parseDatabaseUrl } from './database-url';
import { mysqlDataSourceOptions, sqliteDataSourceOptions } from './data-source-options';
import { withDeadlockRetry } from './deadlock-retry';
import { MYSQL, SQLITE } from './dialect';
import { TypeOrmEventCountStore } from './event-count-store';
import { DatabaseMediaStore } from './database-media-store';
import {
  knownMigrations,
  migrate as migrateSchema,
  migrateSqliteUnderLock,
  underMysqlLock,
  type MigrationLockOptions,
  type MigrationReport,
} from './migrations';
import { Mutex, underMutex } from './mutex';
import {
  connectionError,
  describeTls,
  detectMysqlFlavor,
  forHost,
  openMysqlConnection,
  type MysqlEndpoint,
} from './mysql-connection';
import {
  MYSQL_POOL_DEFAULTS,
  type DatabaseTls,
  type TypeOrmPersistence,
  type TypeOrmPersistenceOptions,
} from './persistence-options';
import { DropTimedOutConnections } from './query-timeout';
import { TypeOrmRateLimitStore } from './rate-limit-store';
import { repositoriesFor } from './repositories';
import { SqliteBusyGuard } from './sqlite-busy';
import { tightenSqliteFiles } from './sqlite-files';

/** An open database, before `withClose` adds how it is closed and what the start did. */
type OpenDatabase = Omit<TypeOrmPersistence, 'close' | 'tls' | 'migrations'>;

/**
 * SQLite: one connection, so a transaction must own it. Every repository call and every
 * transaction runs under one mutex; a transaction is BEGIN IMMEDIATE (it takes the write
 * lock at once, so a second process waits rather than failing midway). While another
 * connection holds the lock past the busy timeout, the guard makes writes fail fast.
 */
function sqlitePersistence(dataSource: DataSource, busyTimeoutMs: number): OpenDatabase {
  const connection = new Mutex();
  const busyGuard = new SqliteBusyGuard(dataSource, busyTimeoutMs);
  const mutex = { run: <T>(task: () => Promise<T>) => connection.run(() => busyGuard.run(task)) };
  const inner = repositoriesFor(dataSource.manager, SQLITE);
  // Outside a unit of work, an audit append opens its own BEGIN IMMEDIATE to hold the chain.
  const outside = { ...inner, auditEvents: new TypeOrmAuditEventRepository(dataSource.manager, SQLITE, 'own') };
  const guarded = Object.fromEntries(
    Object.entries(outside).map(([name, repository]) => [name, underMutex(repository as object, mutex)]),
  ) as unknown as Repositories;
  const unitOfWork: UnitOfWork = {
    transaction: (work) =>
      mutex.run(async () => {
        await dataSource.query('BEGIN IMMEDIATE');
        try {
          const result = await work(inner);
          await dataSource.query('COMMIT');
          return result;
        } catch (error) {
          await dataSource.query('ROLLBACK');
          throw error;
        }
      }),
  };
  return {
    dataSource,
    dialect: SQLITE,
    repositories: guarded,
    unitOfWork,
    rateLimits: underMutex(new TypeOrmRateLimitStore(dataSource), mutex),
    eventCounts: underMutex(new TypeOrmEventCountStore(dataSource), mutex),
    // Each of its statements under the mutex, not a whole file: a stream is read between them.
    mediaStore: new DatabaseMediaStore(dataSource, 'sqlite', (task) => mutex.run(task)),
  };
}

/** MySQL: a pool; each transaction has a connection of its own and is retried on deadlock. */
function mysqlPersistence(dataSource: DataSource): OpenDatabase {
  const unitOfWork: UnitOfWork = {
    transaction: (work) =>
      withDeadlockRetry(() => dataSource.transaction((manager) => work(repositoriesFor(manager, MYSQL)))),
  };
  return {
    dataSource,
    dialect: MYSQL,
    repositories: repositoriesFor(dataSource.manager, MYSQL),
    unitOfWork,
    rateLimits: new TypeOrmRateLimitStore(dataSource),
    eventCounts: new TypeOrmEventCountStore(dataSource),
    mediaStore: new DatabaseMediaStore(dataSource, 'mysql'),
  };
}

/**
 * Connects to `DATABASE_URL`, creating the SQLite file and its folder when missing (readable by
 * their owner only), and runs pending migrations. Never `synchronize`: the schema is what the
 * migrations say.
 */
export async function createTypeOrmPersistence(options: TypeOrmPersistenceOptions): Promise<TypeOrmPersistence> {
  const target = parseDatabaseUrl(options.databaseUrl, options.baseDir);
  const migrate = options.migrate ?? true;
  const lock: MigrationLockOptions = {
    timeoutMs: options.migrationLockTimeoutMs ?? 5 * 60_000,
    ...(options.onWaitingForMigrations === undefined ? {} : { onWaiting: options.onWaitingForMigrations }),
  };
  if (target.kind === 'sqlite') {
    if (options.mysqlSslCa != null) {
      throw new DatabaseUrlError('is a sqlite: URL, and DATABASE_SSL_CA is only for a mysql:// one: unset it.');
    }
    const sqliteFile = target.path !== ':memory:' ? target.path : null;
    const dataSource = new DataSource(sqliteDataSourceOptions(target.path, options));
    // Files of an older release, or copied in, may be readable by others: tightened before SQLite
    // opens them, so that the -wal and -shm files it makes take the private mode.
    if (sqliteFile !== null) tightenSqliteFiles(sqliteFile, options.onLooseFileMode);
    await dataSource.initialize();
    let migrations: MigrationReport;
    try {
      migrations =
        migrate === true
          ? await migrateSqliteUnderLock(dataSource, lock)
          : migrate === 'check'
            ? await migrateSchema(dataSource, 'sqlite', 'check')
            : { known: knownMigrations(dataSource), ran: [] };
    } catch (error) {
      await dataSource.destroy();
      throw error;
    }
    return withClose(sqlitePersistence(dataSource, options.sqliteBusyTimeoutMs ?? 5000), null, migrations);
  }

  const hasCa = options.mysqlSslCa != null;
  const endpoint: MysqlEndpoint = {
    ...target,
    ssl: forHost(target.host, mysqlTls(target, options.mysqlSslCa ?? null)),
  };
  const connectTimeoutMs = options.mysqlPool?.connectTimeoutMs ?? MYSQL_POOL_DEFAULTS.connectTimeoutMs;
  // A connection of its own: it asks which server this is, and holds the migration lock.
  const control = await openMysqlConnection(endpoint, connectTimeoutMs).catch((error: unknown) => {
    throw connectionError(error, endpoint, hasCa);
  });
  let flavor: 'mysql' | 'mariadb';
  let migrations: MigrationReport | null = null;
  try {
    flavor = await detectMysqlFlavor(control);
    if (migrate !== false) {
      // Migrations may take longer than any query should: they run on a pool of their own,
      // without the query timeout.
      const migrator = new DataSource(
        mysqlDataSourceOptions(endpoint, flavor, {
          ...options,
          mysqlPool: { ...options.mysqlPool, connectionLimit: 1, queryTimeoutMs: 0 },
        }),
      );
      await migrator.initialize();
      try {
        migrations =
          migrate === 'check'
            ? await migrateSchema(migrator, 'mysql', 'check')
            : await underMysqlLock(control, lock, () => migrateSchema(migrator, 'mysql', 'run'));
      } finally {
        await migrator.destroy();
      }
    }
  } finally {
    await control.end().catch(() => undefined);
  }
  const dataSource = new DataSource(mysqlDataSourceOptions(endpoint, flavor, options));
  await dataSource.initialize().catch((error: unknown) => {
    throw connectionError(error, endpoint, hasCa);
  });
  // TypeORM builds the subscribers it is given from decorator metadata; an instance needs none.
  dataSource.subscribers.push(new DropTimedOutConnections());
  return withClose(
    mysqlPersistence(dataSource),
    describeTls(endpoint.ssl),
    migrations ?? { known: knownMigrations(dataSource), ran: [] },
  );
}

function withClose(persistence: OpenDatabase, tls: DatabaseTls, migrations: MigrationReport): TypeOrmPersistence {
  const { dataSource } = persistence;
  return {
    ...persistence,
    tls,
    migrations,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}
