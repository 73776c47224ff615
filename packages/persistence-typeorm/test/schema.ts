import { expect } from '@jest/globals';

import { FULLTEXT_INDEXES } from '../migrations/mysql/1795910400000-search-index';
import type { TypeOrmPersistence } from '../src';

/**
 * Asserts that the migrated schema is exactly what the entity schemas describe. MySQL's
 * FULLTEXT search indexes are the one thing the entities do not describe (they serve both
 * databases, and SQLite's search is tables of its own): TypeORM would drop them, and only them.
 */
export async function expectNoPendingSchemaChanges(persistence: TypeOrmPersistence): Promise<void> {
  const pending = await persistence.dataSource.driver.createSchemaBuilder().log();
  const fullText = new Set(FULLTEXT_INDEXES.map(({ table, index }) => `DROP INDEX \`${index}\` ON \`${table}\``));
  expect(pending.upQueries.map((query) => query.query).filter((query) => !fullText.has(query))).toEqual([]);
}

/** MySQL's tables beside TABLES: the empty stopword list its FULLTEXT indexes were built with. */
export const MYSQL_SEARCH_TABLES = ['search_stopwords'];

export const TABLES = [
  'admin_login_challenges',
  'announcements',
  'admin_recovery_codes',
  'admin_sessions',
  'audit_chain_head',
  'admin_users',
  'audit_events',
  'crackme_claims',
  'deliveries',
  'delivery_events',
  'event_counts',
  'guestbook_entries',
  'media_blobs',
  'media_chunks',
  'media_uploads',
  'rate_limit_counters',
  'reader_tokens',
  'reader_webhooks',
  'readers',
  'review_reminders',
  'schema_migrations',
  'scholarship_requests',
  'site_content_draft',
  'site_content_previews',
  'site_content_versions',
  'suppressions',
];

/** SQLite's search indexes (full-text tables, their shadow tables, id maps and queues), beside TABLES there. */
export const SQLITE_SEARCH_TABLES = ['audit', 'guestbook', 'scholarship'].flatMap((name) => [
  `${name}_search`,
  ...['config', 'content', 'data', 'docsize', 'idx'].map((shadow) => `${name}_search_${shadow}`),
  `${name}_search_queue`,
  `${name}_search_rows`,
]);
