import type { DataSourceOptions, Logger } from 'typeorm';

import { MYSQL_MIGRATIONS } from '../migrations/mysql';
import { SQLITE_MIGRATIONS } from '../migrations/sqlite';
import { mysql2Ssl, type MysqlEndpoint } from './mysql-connection';
import { MYSQL_POOL_DEFAULTS, type TypeOrmPersistenceOptions } from './persistence-options';
import { entitySchemas } from './site-content-schemas';
import { createPrivateSqliteFile } from './sqlite-files';
import { registerSqliteLower } from './sqlite-lower';

/** What TypeORM is told to open: a SQLite file or a MySQL pool, the same tables and settings. */

/** TypeORM's logger, when the caller passes none: silent, as TypeORM would print slow queries with their parameters. */
const SILENT_LOGGER: Logger = {
  logQuery: () => undefined,
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};

function commonOptions(options: TypeOrmPersistenceOptions, kind: 'sqlite' | 'mysql') {
  return {
    entities: entitySchemas(kind),
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    ...(options.logger === undefined ? { logger: SILENT_LOGGER } : { logger: options.logger, logging: true }),
  } as const;
}

export function sqliteDataSourceOptions(path: string, options: TypeOrmPersistenceOptions): DataSourceOptions {
  if (path !== ':memory:') createPrivateSqliteFile(path);
  return {
    ...commonOptions(options, 'sqlite'),
    type: 'better-sqlite3',
    database: path,
    migrations: SQLITE_MIGRATIONS,
    // WAL lets readers go on while one process writes; the busy timeout makes a second
    // process wait for the write lock instead of failing at once.
    enableWAL: path !== ':memory:',
    timeout: options.sqliteBusyTimeoutMs ?? 5000,
    prepareDatabase: (db: Parameters<typeof registerSqliteLower>[0] & { pragma(statement: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
      registerSqliteLower(db);
    },
  };
}

export function mysqlDataSourceOptions(
  endpoint: MysqlEndpoint,
  flavor: 'mysql' | 'mariadb',
  options: TypeOrmPersistenceOptions,
): DataSourceOptions {
  const pool = { ...MYSQL_POOL_DEFAULTS, ...options.mysqlPool };
  // TypeORM takes a URL's host, port, user, password and database and drops its query (and
  // with it ?ssl=): the parts are passed one by one, TLS as mysql2's own option.
  return {
    ...commonOptions(options, 'mysql'),
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
