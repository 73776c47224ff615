import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';
import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { describeHttpApi } from './http-api.suite';
import type { TestDatabase } from './support/test-app';

const TABLES = [
  'admin_sessions',
  'admin_users',
  'audit_events',
  'guestbook_entries',
  'scholarship_requests',
  'rate_limit_counters',
];

/** One scratch database for the file, migrated once and emptied before every test. */
function mysqlTestDatabase(): TestDatabase {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let persistence: TypeOrmPersistence | undefined;
  return {
    get url() {
      return scratch?.url ?? '';
    },
    async open() {
      scratch ??= await createScratchDatabase();
      persistence ??= await createTypeOrmPersistence({ databaseUrl: scratch.url });
      for (const table of TABLES) await persistence.dataSource.query(`DELETE FROM \`${table}\``);
      return { ...persistence, close: async () => undefined } as TypeOrmPersistence;
    },
    async dispose() {
      await persistence?.close();
      await scratch?.drop();
    },
  };
}

describeHttpApi('MySQL (MariaDB)', mysqlTestDatabase);
