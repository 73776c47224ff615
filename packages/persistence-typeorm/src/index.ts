export { isKey } from './dialect';
export { createTypeOrmPersistence } from './persistence';
export {
  MYSQL_POOL_DEFAULTS,
  type DatabaseTls,
  type MysqlPoolOptions,
  type TypeOrmPersistence,
  type TypeOrmPersistenceOptions,
} from './persistence-options';
export {
  DatabaseUrlError,
  MYSQL_URL_PARAMETERS,
  mysqlTls,
  parseDatabaseUrl,
  type DatabaseTarget,
  type MysqlConnectionTarget,
  type MysqlTls,
} from './database-url';
export { TypeOrmRateLimitStore } from './rate-limit-store';
export { TypeOrmAdminSessionRepository } from './admin-session.repository';
export { TypeOrmAdminUserRepository } from './admin-user.repository';
export { tallyEventId, TypeOrmAuditEventRepository, type AuditAppendTransaction } from './audit-event.repository';
export { TypeOrmGuestbookEntryRepository } from './guestbook-entry.repository';
export { TypeOrmScholarshipRequestRepository } from './scholarship-request.repository';
export { TypeOrmTwoFactorRepository } from './two-factor.repository';
export { fullTextTerm, SEARCH_INDEX } from './search';
export { entitySchemas } from './site-content-schemas';
export { isDatabaseReady, isDatabaseUnavailable } from './availability';
export type { LooseFileMode } from './sqlite-files';
export { countRows, DumpError, dumpDatabase, DUMP_SCHEMA_VERSION, type DumpedRow } from './dump';
export { backupSqliteFile, restoreFile, writeDumpFile, loadDumpFile, fileKind } from './dump-file';
export { MigrationLockTimeoutError, SchemaMismatchError, type MigrateMode, type MigrationReport } from './migrations';
export { DatabaseMediaStore } from './database-media-store';
export { MEDIA_CHUNK_BYTES } from './media-schemas';
