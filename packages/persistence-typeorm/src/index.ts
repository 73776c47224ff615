export { isKey } from './dialect';
export * from './persistence';
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
export * from './repositories';
export { ENTITY_SCHEMAS } from './schemas';
export { isDatabaseReady, isDatabaseUnavailable } from './availability';
export type { LooseFileMode } from './sqlite-files';
export { countRows, DumpError, dumpDatabase, DUMP_SCHEMA_VERSION, type DumpedRow } from './dump';
export { backupSqliteFile, restoreFile, writeDumpFile, loadDumpFile, fileKind } from './dump-file';
export { MigrationLockTimeoutError, SchemaMismatchError, type MigrateMode, type MigrationReport } from './migrations';
