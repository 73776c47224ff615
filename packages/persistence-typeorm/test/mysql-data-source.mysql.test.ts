import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aGuestbookEntry } from '@memoir/domain/testing';

import { createTypeOrmPersistence, isDatabaseUnavailable, type TypeOrmPersistence } from '../src';
import { SEARCH_INDEX } from '../src/repositories';
import { createScratchDatabase } from './mariadb-server';
import { expectNoPendingSchemaChanges, MYSQL_SEARCH_TABLES, TABLES } from './schema';

describe('MySQL data source', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let persistence: TypeOrmPersistence;

  beforeAll(async () => {
    database = await createScratchDatabase();
    persistence = await createTypeOrmPersistence({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await persistence?.close();
    await database?.drop();
  });

  it('migrates an empty database to every table, in utf8mb4', async () => {
    const rows = (await persistence.dataSource.query(
      'SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME',
    )) as Array<{ name: string; collation: string }>;
    expect(rows.map((row) => row.name)).toEqual([...TABLES, ...MYSQL_SEARCH_TABLES].sort());
    for (const row of rows.filter((r) => r.name !== 'schema_migrations'))
      expect(row.collation).toBe('utf8mb4_unicode_ci');
  });

  it('produces by migration exactly the schema the entities describe', async () => {
    await expectNoPendingSchemaChanges(persistence);
  });

  it('indexes the searched columns for full-text search, with no stopword left out', async () => {
    const indexes = (await persistence.dataSource.query(
      "SELECT TABLE_NAME AS tableName, INDEX_NAME AS indexName, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS columnList FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND INDEX_TYPE = 'FULLTEXT' GROUP BY TABLE_NAME, INDEX_NAME ORDER BY TABLE_NAME",
    )) as Array<{ tableName: string; indexName: string; columnList: string }>;
    expect(indexes).toEqual([
      {
        tableName: 'audit_events',
        indexName: 'ft_audit_events_search',
        columnList: SEARCH_INDEX.audit.columns.join(','),
      },
      {
        tableName: 'guestbook_entries',
        indexName: 'ft_guestbook_entries_search',
        columnList: SEARCH_INDEX.guestbook.columns.join(','),
      },
      {
        tableName: 'scholarship_requests',
        indexName: 'ft_scholarship_requests_search',
        columnList: SEARCH_INDEX.scholarships.columns.join(','),
      },
    ]);
    await persistence.repositories.guestbookEntries.add(aGuestbookEntry({ message: 'What about the www?' }));
    const found = await persistence.repositories.guestbookEntries.listPage({ search: 'about the www' }, { limit: 5 });
    expect(found.map((entry) => entry.message)).toEqual(['What about the www?']);
  });

  it('runs each migration once: a second start finds nothing to do', async () => {
    const again = await createTypeOrmPersistence({ databaseUrl: database.url });
    try {
      expect(await again.dataSource.showMigrations()).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('stores times as UTC DATETIME(3), whatever the session time zone', async () => {
    const entry = aGuestbookEntry({ createdAt: new Date('2026-03-04T05:06:07.891Z') });
    await persistence.repositories.guestbookEntries.add(entry);
    const [row] = (await persistence.dataSource.query(
      'SELECT DATE_FORMAT(created_at, "%Y-%m-%d %H:%i:%s.%f") AS stored FROM guestbook_entries WHERE id = ?',
      [entry.id],
    )) as Array<{ stored: string }>;
    expect(row?.stored).toBe('2026-03-04 05:06:07.891000');
  });

  it('bounds the connection pool: past the queue limit a request fails at once instead of waiting', async () => {
    const small = await createTypeOrmPersistence({
      databaseUrl: database.url,
      migrate: false,
      mysqlPool: { connectionLimit: 1, queueLimit: 1 },
    });
    try {
      const slow = () => small.dataSource.query('SELECT SLEEP(0.5)');
      const outcomes = await Promise.allSettled([slow(), slow(), slow()]);
      const rejected = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
      expect(rejected).toHaveLength(1);
      expect(String(rejected[0]?.reason)).toMatch(/Queue limit reached/);
    } finally {
      await small.close();
    }
  });

  it('fails with an error, rather than hanging, when the server cannot be reached, and calls it unavailable', async () => {
    const failure = await createTypeOrmPersistence({
      databaseUrl: 'mysql://u:p@127.0.0.1:1/memoir',
      mysqlPool: { connectTimeoutMs: 1000 },
    }).catch((error: unknown) => error);
    expect(String(failure)).toMatch(/ECONNREFUSED/);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
