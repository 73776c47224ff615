import { createServer, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { aGuestbookEntry } from '@memoir/domain/testing';

import { createTypeOrmPersistence, isDatabaseUnavailable, type TypeOrmPersistence } from '../src';
import { SEARCH_INDEX } from '../src/search';
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
    expect(rows.map((row) => row.name).sort()).toEqual([...TABLES, ...MYSQL_SEARCH_TABLES].sort());
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

  it('opens at most connectionLimit connections (DATABASE_POOL_SIZE), however many queries run at once', async () => {
    const sized = await createTypeOrmPersistence({
      databaseUrl: database.url,
      migrate: false,
      mysqlPool: { connectionLimit: 3 },
    });
    try {
      const rows = await Promise.all(
        Array.from({ length: 12 }, () => sized.dataSource.query('SELECT CONNECTION_ID() AS id, SLEEP(0.05) AS slept')),
      );
      const ids = new Set(rows.map((row) => (row as Array<{ id: number }>)[0]?.id));
      expect(ids.size).toBe(3);
    } finally {
      await sized.close();
    }
  });

  it('fails a query that goes unanswered past queryTimeoutMs as unavailable, printing none of its parameters', async () => {
    const printed: string[] = [];
    const keep = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
    const spies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
      jest.spyOn(console, method).mockImplementation(keep),
    );
    const impatient = await createTypeOrmPersistence({
      databaseUrl: database.url,
      migrate: false,
      mysqlPool: { queryTimeoutMs: 300 },
    });
    try {
      const started = Date.now();
      const failure = await impatient.dataSource
        .query('SELECT SLEEP(2), ? AS secret', ['a-parameter-that-must-not-be-printed'])
        .catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(String(failure)).toMatch(/timeout/i);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The pool goes on at once: the next query does not wait behind the stuck one.
      const next = Date.now();
      expect(await impatient.dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(Date.now() - next).toBeLessThan(250);
      expect(printed.join('\n')).not.toContain('a-parameter-that-must-not-be-printed');
    } finally {
      spies.forEach((spy) => spy.mockRestore());
      await impatient.close();
    }
  });

  it('gives up on a server that accepts the connection but never greets, after connectTimeoutMs', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      const failure = await createTypeOrmPersistence({
        databaseUrl: `mysql://u:p@127.0.0.1:${port}/memoir`,
        mysqlPool: { connectTimeoutMs: 500 },
      }).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(String(failure)).toMatch(/ETIMEDOUT/);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      held.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
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
