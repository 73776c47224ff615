import { openScratchMysql, type ScratchMysql } from '@memoir/persistence-typeorm/testing';

import { describeDatabaseErrorLogs } from './database-error-logs.suite';
import type { TestDatabase } from './support/test-app';

/** One scratch database for the file, emptied before every test. */
function mysqlTestDatabase(): TestDatabase {
  let scratch: ScratchMysql | undefined;
  return {
    async open() {
      scratch ??= await openScratchMysql();
      await scratch.empty();
      return { url: scratch.url, persistence: scratch.persistence };
    },
    async dispose() {
      await scratch?.dispose();
    },
  };
}

describeDatabaseErrorLogs('MariaDB', mysqlTestDatabase, {
  duplicateCode: 'ER_DUP_ENTRY',
  duplicateSessionCode: 'ER_DUP_ENTRY',
  quote: (identifier) => `\`${identifier}\``,
  dropIndex: (name, table) => `DROP INDEX ${name} ON ${table}`,
});
