import { afterAll, beforeAll } from '@jest/globals';

import { createTypeOrmPersistence, type TypeOrmPersistence } from '../src';
import { describeConcurrency } from './concurrency';
import { createScratchDatabase } from './mariadb-server';

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let persistence: TypeOrmPersistence;

beforeAll(async () => {
  database = await createScratchDatabase();
  persistence = await createTypeOrmPersistence({
    databaseUrl: database.url,
    mysqlPool: { connectionLimit: 10, queueLimit: 1000 },
  });
});

afterAll(async () => {
  await persistence?.close();
  await database?.drop();
});

const TABLES = [
  'admin_sessions',
  'admin_users',
  'audit_events',
  'guestbook_entries',
  'scholarship_requests',
  'rate_limit_counters',
];

describeConcurrency('MySQL (MariaDB)', async () => {
  for (const table of TABLES) await persistence.dataSource.query(`DELETE FROM \`${table}\``);
  return { ...persistence, close: async () => undefined };
});
