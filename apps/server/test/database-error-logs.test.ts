import { describeDatabaseErrorLogs } from './database-error-logs.suite';
import { sqliteTestDatabase } from './support/test-app';

describeDatabaseErrorLogs('SQLite', sqliteTestDatabase, {
  duplicateCode: 'SQLITE_CONSTRAINT_UNIQUE',
  duplicateSessionCode: 'SQLITE_CONSTRAINT_UNIQUE',
  quote: (identifier) => `"${identifier}"`,
  dropIndex: (name) => `DROP INDEX ${name}`,
});
