import { afterAll, beforeAll } from '@jest/globals';
import { describePersistenceContract } from '@memoir/domain/testing';

import { createTypeOrmPersistence, type TypeOrmPersistence } from '../src';
import { createScratchDatabase } from './mariadb-server';

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let persistence: TypeOrmPersistence;

beforeAll(async () => {
  database = await createScratchDatabase();
  persistence = await createTypeOrmPersistence({ databaseUrl: database.url, mysqlPool: { connectionLimit: 20 } });
});

afterAll(async () => {
  await persistence?.close();
  await database?.drop();
});

// Children before parents, so foreign keys never object.
const TABLES = [
  'admin_sessions',
  'admin_users',
  'audit_events',
  'guestbook_entries',
  'scholarship_requests',
  'rate_limit_counters',
];

// One schema per file (migrated once); every test starts from empty tables.
describePersistenceContract(
  'MySQL (TypeORM, mysql2, MariaDB)',
  async () => {
    for (const table of TABLES) await persistence.dataSource.query(`DELETE FROM \`${table}\``);
    return { ...persistence, close: async () => undefined };
  },
  { concurrency: 50 },
);
