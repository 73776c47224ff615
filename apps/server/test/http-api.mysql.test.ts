import { openScratchMysql, type ScratchMysql } from '@memoir/persistence-typeorm/testing';

import { describeHttpApi } from './http-api.suite';
import type { TestDatabase } from './support/test-app';

/** One scratch database for the file, migrated once and emptied before every test. */
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

describeHttpApi('MySQL (MariaDB)', mysqlTestDatabase);
