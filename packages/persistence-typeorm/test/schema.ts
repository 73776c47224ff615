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

/** SQLite's search indexes (full-text tables, their shadow tables, id maps and queues), beside TABLES there. */
export const SQLITE_SEARCH_TABLES = ['audit', 'guestbook', 'scholarship'].flatMap((name) => [
  `${name}_search`,
  ...['config', 'content', 'data', 'docsize', 'idx'].map((shadow) => `${name}_search_${shadow}`),
  `${name}_search_queue`,
  `${name}_search_rows`,
]);
