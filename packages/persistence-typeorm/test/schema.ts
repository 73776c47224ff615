import { expect } from '@jest/globals';

import type { TypeOrmPersistence } from '../src';

/** Asserts that the migrated schema is exactly what the entity schemas describe. */
export async function expectNoPendingSchemaChanges(persistence: TypeOrmPersistence): Promise<void> {
  const pending = await persistence.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((query) => query.query)).toEqual([]);
}

export const TABLES = [
  'admin_sessions',
  'admin_users',
  'audit_events',
  'deliveries',
  'guestbook_entries',
  'rate_limit_counters',
  'schema_migrations',
  'scholarship_requests',
];
