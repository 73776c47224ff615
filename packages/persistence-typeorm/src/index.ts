export { isKey } from './dialect';
export * from './persistence';
export { TypeOrmRateLimitStore } from './rate-limit-store';
export * from './repositories';
export { ENTITY_SCHEMAS } from './schemas';
export { isDatabaseReady, isDatabaseUnavailable } from './availability';
export type { LooseFileMode } from './sqlite-files';
export { countRows, DumpError, DUMP_SCHEMA_VERSION, type DumpedRow } from './dump';
export { backupSqliteFile, restoreFile, writeDumpFile, loadDumpFile, fileKind } from './dump-file';
