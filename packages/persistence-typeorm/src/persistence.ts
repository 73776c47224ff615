import type { Persistence, Repositories, UnitOfWork } from '@memoir/domain';
import { isIP } from 'node:net';

import type { Connection as MysqlConnection } from 'mysql2/promise';
import { DataSource, type DataSourceOptions, type EntityManager, type Logger } from 'typeorm';

import { MYSQL_MIGRATIONS } from '../migrations/mysql';
import { SQLITE_MIGRATIONS } from '../migrations/sqlite';
import {
  DatabaseUrlError,
  mysqlTls,
  parseDatabaseUrl,
  type MysqlConnectionTarget,
  type MysqlTls,
} from './database-url';
import { withDeadlockRetry } from './deadlock-retry';
import {
  knownMigrations,
  migrate as migrateSchema,
  migrateSqliteUnderLock,
  underMysqlLock,
  type MigrateMode,
  type MigrationLockOptions,
  type MigrationReport,
} from './migrations';
import { DropTimedOutConnections } from './query-timeout';
import { TypeOrmDeliveryRepository } from './delivery.repository';
import { MYSQL, SQLITE, type Dialect } from './dialect';
import { Mutex, underMutex } from './mutex';
import { TypeOrmCrackmeClaimRepository } from './crackme-claim.repository';
import { TypeOrmEventCountStore } from './event-count-store';
import { TypeOrmRateLimitStore } from './rate-limit-store';
import { SqliteBusyGuard } from './sqlite-busy';
import { createPrivateSqliteFile, tightenSqliteFiles, type LooseFileMode } from './sqlite-files';
import {
  TypeOrmAdminSessionRepository,
  TypeOrmAdminUserRepository,
  TypeOrmAuditEventRepository,
  TypeOrmTwoFactorRepository,
  TypeOrmGuestbookEntryRepository,
  TypeOrmScholarshipRequestRepository,
} from './repositories';
import { ENTITY_SCHEMAS } from './schemas';

export interface MysqlPoolOptions {
  /** Connections per process (DATABASE_POOL_SIZE). */
  readonly connectionLimit?: number;
  /** Requests that may wait for a connection; more fail at once instead of queueing forever. */
  readonly queueLimit?: number;
  /** How long to wait for a new connection, TLS included, before failing (DATABASE_CONNECT_TIMEOUT). */
  readonly connectTimeoutMs?: number;
  /**
   * How long a query may go unanswered before it fails (DATABASE_QUERY_TIMEOUT), so that a
   * request on a stuck database ends in a 503 instead of hanging. Migrations have none.
   */
  readonly queryTimeoutMs?: number;
}

/** The defaults of MysqlPoolOptions (docs/persistence.md#mysql-and-mariadb). */
export const MYSQL_POOL_DEFAULTS = {
  connectionLimit: 10,
  queueLimit: 1000,
  connectTimeoutMs: 5000,
  queryTimeoutMs: 15_000,
} as const satisfies Required<MysqlPoolOptions>;

/** How the connection to MySQL is protected: null for SQLite (a file, no network). */
export type DatabaseTls = 'off' | 'verified' | 'verified-ca-only' | 'unverified' | null;

export interface TypeOrmPersistenceOptions {
  readonly databaseUrl: string;
  /** Where relative sqlite: paths resolve from. */
  readonly baseDir?: string;
  /** SQLite: how long to wait for another process's write lock. */
  readonly sqliteBusyTimeoutMs?: number;
  readonly mysqlPool?: MysqlPoolOptions;
  /**
   * MySQL: PEM of the CA that signs the server's certificate (DATABASE_SSL_CA). It turns TLS
   * on, with verification, unless the URL turns TLS off (an error).
   */
  readonly mysqlSslCa?: string | null;
  /** Run pending migrations under a lock (true, the default), only check them, or neither (see MigrateMode). */
  readonly migrate?: MigrateMode;
  /** How long to wait for another process's migrations (5 minutes by default). */
  readonly migrationLockTimeoutMs?: number;
  /** Told once when another process is migrating and this one waits for it. */
  readonly onWaitingForMigrations?: () => void;
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
  /** How the connection to the database is protected, for the start-up log. */
  readonly tls: DatabaseTls;
  /** What this start did about the schema. */
  readonly migrations: MigrationReport;
}

/** A MySQL target with the TLS it is reached over (null: in clear). */
interface MysqlEndpoint extends MysqlConnectionTarget {
  readonly ssl: MysqlTls | null;
}

/**
 * mysql2 checks the host name only for a host given by name: for an IP address it would compare
 * the certificate with "localhost" and refuse a right one. There the CA alone is checked.
 */
function forHost(host: string, ssl: MysqlTls | null): MysqlTls | null {
  return ssl !== null && ssl.verifyIdentity && isIP(host) !== 0 ? { ...ssl, verifyIdentity: false } : ssl;
}

function describeTls(ssl: MysqlTls | null): DatabaseTls {
  if (ssl === null) return 'off';
  if (!ssl.rejectUnauthorized) return 'unverified';
  return ssl.verifyIdentity ? 'verified' : 'verified-ca-only';
}

/** mysql2's `ssl` option: a fresh object per call, as mysql2 writes into the one it is given. */
function mysql2Ssl(ssl: MysqlTls | null): Record<string, unknown> | undefined {
  return ssl === null ? undefined : { ...ssl };
}

/**
 * A failed connection, said so that an operator knows what to change: TLS problems name the
 * certificate check that failed and the setting to look at. The driver's error is the cause.
 */
function connectionError(error: unknown, endpoint: MysqlEndpoint, hasCa: boolean): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const where = `the MySQL server at ${endpoint.host}:${endpoint.port}`;
  const reason = typeof message === 'string' ? message : String(error);
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    return new Error(`${where} does not offer TLS, which DATABASE_URL or DATABASE_SSL_CA asks for.`, { cause: error });
  }
  if (code !== 'HANDSHAKE_SSL_ERROR') return error;
  const tlsCode = (error as { cause?: { code?: unknown } }).cause?.code;
  const hint = /altname|Hostname\/IP does not match/i.test(`${reason} ${String(tlsCode)}`)
    ? `its certificate does not name "${endpoint.host}": connect by a name the certificate carries, or use ssl-mode=VERIFY_CA to check the CA only`
    : hasCa
      ? "its certificate is not signed by the CA in DATABASE_SSL_CA: point DATABASE_SSL_CA at your database provider's CA certificate"
      : "its certificate is not signed by a CA this machine trusts: set DATABASE_SSL_CA to your database provider's CA certificate";
  return new Error(`TLS with ${where} failed (${reason}): ${hint}.`, { cause: error });
}

/** One connection of its own, outside TypeORM's pool: for the flavour check and the migration lock. */
async function openMysqlConnection(endpoint: MysqlEndpoint, connectTimeoutMs: number): Promise<MysqlConnection> {
  const { createConnection } = await import('mysql2/promise');
  return createConnection({
    host: endpoint.host,
    port: endpoint.port,
    user: endpoint.user,
    password: endpoint.password,
    database: endpoint.database,
    ssl: mysql2Ssl(endpoint.ssl),
    connectTimeout: connectTimeoutMs,
  });
}

/**
 * MySQL and MariaDB speak the same protocol but describe their schemas differently (MariaDB
 * reports a nullable column's default as the text 'NULL'); TypeORM reads each correctly only
 * when told which it is. `mysql://` serves both, so we ask the server.
 */
async function detectMysqlFlavor(connection: MysqlConnection): Promise<'mysql' | 'mariadb'> {
  const [rows] = await connection.query('SELECT VERSION() AS version');
  const version = String((rows as Array<{ version?: unknown }>)[0]?.version ?? '');
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

/** TypeORM's logger, when the caller passes none: silent, as TypeORM would print slow queries with their parameters. */
const SILENT_LOGGER: Logger = {
  logQuery: () => undefined,
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};

function commonOptions(options: TypeOrmPersistenceOptions) {
  return {
    entities: ENTITY_SCHEMAS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    ...(options.logger === undefined ? { logger: SILENT_LOGGER } : { logger: options.logger, logging: true }),
  } as const;
}

function sqliteDataSourceOptions(path: string, options: TypeOrmPersistenceOptions): DataSourceOptions {
  if (path !== ':memory:') createPrivateSqliteFile(path);
  return {
    ...commonOptions(options),
    type: 'better-sqlite3',
    database: path,
    migrations: SQLITE_MIGRATIONS,
    // WAL lets readers go on while one process writes; the busy timeout makes a second
    // process wait for the write lock instead of failing at once.
    enableWAL: path !== ':memory:',
    timeout: options.sqliteBusyTimeoutMs ?? 5000,
    prepareDatabase: (db: { pragma(statement: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
    },
  };
}

function mysqlDataSourceOptions(
  endpoint: MysqlEndpoint,
  flavor: 'mysql' | 'mariadb',
  options: TypeOrmPersistenceOptions,
): DataSourceOptions {
  const pool = { ...MYSQL_POOL_DEFAULTS, ...options.mysqlPool };
  // TypeORM takes a URL's host, port, user, password and database and drops its query (and
  // with it ?ssl=): the parts are passed one by one, TLS as mysql2's own option.
  return {
    ...commonOptions(options),
    type: flavor,
    host: endpoint.host,
    port: endpoint.port,
    username: endpoint.user,
    password: endpoint.password,
    database: endpoint.database,
    ...(endpoint.ssl === null ? {} : { ssl: mysql2Ssl(endpoint.ssl) }),
    migrations: MYSQL_MIGRATIONS,
    charset: 'utf8mb4_unicode_ci',
    // Dates are written and read as UTC, whatever the server's or the process's zone.
    timezone: 'Z',
    poolSize: pool.connectionLimit,
    connectTimeout: pool.connectTimeoutMs,
    // mysql2's per-query timeout: the caller gets PROTOCOL_SEQUENCE_TIMEOUT (a 503), and the
    // connection, still waiting for its answer, is dropped rather than handed to the next caller.
    enableQueryTimeout: pool.queryTimeoutMs > 0,
    maxQueryExecutionTime: pool.queryTimeoutMs,
    extra: {
      connectionLimit: pool.connectionLimit,
      queueLimit: pool.queueLimit,
      waitForConnections: true,
      enableKeepAlive: true,
    },
  };
}

function repositoriesFor(manager: EntityManager, dialect: Dialect): Repositories {
  return {
    guestbookEntries: new TypeOrmGuestbookEntryRepository(manager, dialect),
    scholarshipRequests: new TypeOrmScholarshipRequestRepository(manager, dialect),
    adminUsers: new TypeOrmAdminUserRepository(manager, dialect),
    adminSessions: new TypeOrmAdminSessionRepository(manager),
    auditEvents: new TypeOrmAuditEventRepository(manager, dialect),
    deliveries: new TypeOrmDeliveryRepository(manager, dialect),
    twoFactor: new TypeOrmTwoFactorRepository(manager),
    crackmeClaims: new TypeOrmCrackmeClaimRepository(manager, dialect),
  };
}

/**
 * SQLite: one connection, so a transaction must own it. Every repository call and every
 * transaction runs under one mutex; a transaction is BEGIN IMMEDIATE (it takes the write
 * lock at once, so a second process waits rather than failing midway). While another
 * connection holds the lock past the busy timeout, the guard makes writes fail fast.
 */
function sqlitePersistence(
  dataSource: DataSource,
  busyTimeoutMs: number,
): Omit<TypeOrmPersistence, 'close' | 'tls' | 'migrations'> {
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
  };
}

/** MySQL: a pool; each transaction has a connection of its own and is retried on deadlock. */
function mysqlPersistence(dataSource: DataSource): Omit<TypeOrmPersistence, 'close' | 'tls' | 'migrations'> {
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

function withClose(
  persistence: Omit<TypeOrmPersistence, 'close' | 'tls' | 'migrations'>,
  tls: DatabaseTls,
  migrations: MigrationReport,
): TypeOrmPersistence {
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
