import { resolve } from 'node:path';

import type { Persistence, Repositories, UnitOfWork } from '@memoir/domain';
import { DataSource, type DataSourceOptions, type EntityManager, type Logger } from 'typeorm';

import { MYSQL_MIGRATIONS } from '../migrations/mysql';
import { SQLITE_MIGRATIONS } from '../migrations/sqlite';
import { withDeadlockRetry } from './deadlock-retry';
import { TypeOrmDeliveryRepository } from './delivery.repository';
import { MYSQL, SQLITE, type Dialect } from './dialect';
import { Mutex, underMutex } from './mutex';
import { TypeOrmRateLimitStore } from './rate-limit-store';
import { SqliteBusyGuard } from './sqlite-busy';
import { createPrivateSqliteFile, tightenSqliteFiles, type LooseFileMode } from './sqlite-files';
import {
  TypeOrmAdminSessionRepository,
  TypeOrmAdminUserRepository,
  TypeOrmAuditEventRepository,
  TypeOrmGuestbookEntryRepository,
  TypeOrmScholarshipRequestRepository,
} from './repositories';
import { ENTITY_SCHEMAS } from './schemas';

export type DatabaseTarget =
  { readonly kind: 'sqlite'; readonly path: string } | { readonly kind: 'mysql'; readonly url: string };

/**
 * Reads `DATABASE_URL`: `sqlite:<path>` (relative paths resolve against `baseDir`) or
 * `mysql://user:pass@host:port/db`. The error never repeats the URL: it may hold a password.
 */
export function parseDatabaseUrl(databaseUrl: string, baseDir: string = process.cwd()): DatabaseTarget {
  const text = databaseUrl.trim();
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new Error('DATABASE_URL: a sqlite: URL needs a file path, e.g. sqlite:./data/memoir.sqlite');
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(baseDir, path) };
  }
  if (text.startsWith('mysql://') || text.startsWith('mariadb://')) {
    let url: URL;
    try {
      url = new URL(text.replace(/^mariadb:/, 'mysql:'));
    } catch {
      throw new Error('DATABASE_URL: the mysql:// URL is malformed (expected mysql://user:pass@host:port/database)');
    }
    if (url.pathname.length <= 1) throw new Error('DATABASE_URL: the mysql:// URL names no database (…/database)');
    return { kind: 'mysql', url: url.toString() };
  }
  throw new Error('DATABASE_URL must start with sqlite: or mysql:// (see docs/operations.md)');
}

export interface MysqlPoolOptions {
  /** Connections per process. */
  readonly connectionLimit?: number;
  /** Requests that may wait for a connection; more fail at once instead of queueing forever. */
  readonly queueLimit?: number;
  /** How long to wait for a new connection before failing. */
  readonly connectTimeoutMs?: number;
}

export interface TypeOrmPersistenceOptions {
  readonly databaseUrl: string;
  /** Where relative sqlite: paths resolve from. */
  readonly baseDir?: string;
  /** SQLite: how long to wait for another process's write lock. */
  readonly sqliteBusyTimeoutMs?: number;
  readonly mysqlPool?: MysqlPoolOptions;
  /** Run pending migrations at start (the default). */
  readonly migrate?: boolean;
  /**
   * SQLite: told of each of the database's files found readable by others: its path, its mode,
   * and whether it is now its owner's alone (false when this process may not change it).
   */
  readonly onLooseFileMode?: (file: LooseFileMode) => void;
  /**
   * Receives every query with its parameters (tests read query plans). The server passes none:
   * parameters hold email addresses and token hashes, and TypeORM's own logging stays off
   * (`logging` unset), so a failed query reaches the log only through the server's `err`
   * serializer, which keeps the statement and drops the values.
   */
  readonly logger?: Logger;
}

export interface TypeOrmPersistence extends Persistence {
  readonly dataSource: DataSource;
  readonly dialect: Dialect;
  readonly rateLimits: TypeOrmRateLimitStore;
}

/**
 * MySQL and MariaDB speak the same protocol but describe their schemas differently (MariaDB
 * reports a nullable column's default as the text 'NULL'); TypeORM reads each correctly only
 * when told which it is. `mysql://` serves both, so we ask the server.
 */
async function detectMysqlFlavor(url: string, connectTimeoutMs: number): Promise<'mysql' | 'mariadb'> {
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({ uri: url, connectTimeout: connectTimeoutMs });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS version');
    const version = String((rows as Array<{ version?: unknown }>)[0]?.version ?? '');
    return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
  } finally {
    await connection.end();
  }
}

function dataSourceOptions(
  target: DatabaseTarget,
  options: TypeOrmPersistenceOptions,
  flavor: 'mysql' | 'mariadb',
): DataSourceOptions {
  const common = {
    entities: ENTITY_SCHEMAS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    ...(options.logger === undefined ? {} : { logger: options.logger, logging: true }),
  } as const;
  if (target.kind === 'sqlite') {
    if (target.path !== ':memory:') createPrivateSqliteFile(target.path);
    return {
      ...common,
      type: 'better-sqlite3',
      database: target.path,
      migrations: SQLITE_MIGRATIONS,
      // WAL lets readers go on while one process writes; the busy timeout makes a second
      // process wait for the write lock instead of failing at once.
      enableWAL: target.path !== ':memory:',
      timeout: options.sqliteBusyTimeoutMs ?? 5000,
      prepareDatabase: (db: { pragma(statement: string): unknown }) => {
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
      },
    };
  }
  const pool = options.mysqlPool ?? {};
  return {
    ...common,
    type: flavor,
    url: target.url,
    migrations: MYSQL_MIGRATIONS,
    charset: 'utf8mb4_unicode_ci',
    // Dates are written and read as UTC, whatever the server's or the process's zone.
    timezone: 'Z',
    poolSize: pool.connectionLimit ?? 10,
    connectTimeout: pool.connectTimeoutMs ?? 5000,
    extra: {
      connectionLimit: pool.connectionLimit ?? 10,
      queueLimit: pool.queueLimit ?? 1000,
      waitForConnections: true,
      enableKeepAlive: true,
    },
  };
}

function repositoriesFor(manager: EntityManager, dialect: Dialect): Repositories {
  return {
    guestbookEntries: new TypeOrmGuestbookEntryRepository(manager, dialect),
    scholarshipRequests: new TypeOrmScholarshipRequestRepository(manager, dialect),
    adminUsers: new TypeOrmAdminUserRepository(manager),
    adminSessions: new TypeOrmAdminSessionRepository(manager),
    auditEvents: new TypeOrmAuditEventRepository(manager, dialect),
    deliveries: new TypeOrmDeliveryRepository(manager, dialect),
  };
}

/**
 * SQLite: one connection, so a transaction must own it. Every repository call and every
 * transaction runs under one mutex; a transaction is BEGIN IMMEDIATE (it takes the write
 * lock at once, so a second process waits rather than failing midway). While another
 * connection holds the lock past the busy timeout, the guard makes writes fail fast.
 */
function sqlitePersistence(dataSource: DataSource, busyTimeoutMs: number): Omit<TypeOrmPersistence, 'close'> {
  const connection = new Mutex();
  const busyGuard = new SqliteBusyGuard(dataSource, busyTimeoutMs);
  const mutex = { run: <T>(task: () => Promise<T>) => connection.run(() => busyGuard.run(task)) };
  const inner = repositoriesFor(dataSource.manager, SQLITE);
  const guarded = Object.fromEntries(
    Object.entries(inner).map(([name, repository]) => [name, underMutex(repository as object, mutex)]),
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
  };
}

/** MySQL: a pool; each transaction has a connection of its own and is retried on deadlock. */
function mysqlPersistence(dataSource: DataSource): Omit<TypeOrmPersistence, 'close'> {
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
  };
}

/**
 * Connects to `DATABASE_URL`, creating the SQLite file and its folder when missing (readable by
 * their owner only), and runs pending migrations. Never `synchronize`: the schema is what the
 * migrations say.
 */
export async function createTypeOrmPersistence(options: TypeOrmPersistenceOptions): Promise<TypeOrmPersistence> {
  const target = parseDatabaseUrl(options.databaseUrl, options.baseDir);
  const flavor =
    target.kind === 'mysql'
      ? await detectMysqlFlavor(target.url, options.mysqlPool?.connectTimeoutMs ?? 5000)
      : 'mysql';
  const sqliteFile = target.kind === 'sqlite' && target.path !== ':memory:' ? target.path : null;
  const dataSource = new DataSource(dataSourceOptions(target, options, flavor));
  // Files of an older release, or copied in, may be readable by others: tightened before SQLite
  // opens them, so that the -wal and -shm files it makes take the private mode.
  if (sqliteFile !== null) tightenSqliteFiles(sqliteFile, options.onLooseFileMode);
  await dataSource.initialize();
  try {
    if (options.migrate ?? true) await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  const persistence =
    target.kind === 'sqlite'
      ? sqlitePersistence(dataSource, options.sqliteBusyTimeoutMs ?? 5000)
      : mysqlPersistence(dataSource);
  return {
    ...persistence,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}
