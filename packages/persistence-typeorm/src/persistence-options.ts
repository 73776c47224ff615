import type { Persistence } from '@memoir/domain';
import type { DataSource, Logger } from 'typeorm';

import type { Dialect } from './dialect';
import type { MigrateMode, MigrationReport } from './migrations';
import type { TypeOrmRateLimitStore } from './rate-limit-store';
import type { LooseFileMode } from './sqlite-files';

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
