import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aGuestbookEntry, anAuditEvent, aScholarshipRequest } from '@memoir/domain/testing';
import type { Logger } from 'typeorm';

import { createTypeOrmPersistence, type TypeOrmPersistence } from '../src';
import { createScratchDatabase } from './mariadb-server';

interface Plan {
  readonly table: string;
  readonly type: string;
  readonly key: string | null;
}

/**
 * MySQL's planner weighs costs, so its plans depend on the data: these are the plans the
 * adapter makes sure of whatever the tables hold (sqlite-query-plans.test.ts covers the rest,
 * with the same indexes). A page after a cursor seeks along its filter's index (a `range`, not
 * a `ref` that reads the filter from its newest row), and a rare search is found through the
 * FULLTEXT index. The queries are recorded as the adapter issues them, then explained.
 */
describe('MySQL query plans', () => {
  const recorded: Array<{ query: string; parameters: unknown[] }> = [];
  const logger: Logger = {
    logQuery: (query, parameters) =>
      void recorded.push({ query, parameters: Array.isArray(parameters) ? parameters : [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let persistence: TypeOrmPersistence;

  beforeAll(async () => {
    database = await createScratchDatabase();
    persistence = await createTypeOrmPersistence({ databaseUrl: database.url, logger });
    const { guestbookEntries } = persistence.repositories;
    // Enough rows that a planner left to itself reads a class from its newest row.
    await persistence.unitOfWork.transaction(async (repositories) => {
      for (let i = 0; i < 300; i += 1) {
        const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i));
        await repositories.guestbookEntries.add(
          aGuestbookEntry({ createdAt, isApproved: i % 2 === 0, reviewedAt: i % 2 === 0 ? createdAt : null }),
        );
        await repositories.scholarshipRequests.add(aScholarshipRequest({ createdAt }));
        await repositories.auditEvents.append(anAuditEvent({ action: i % 3 === 0 ? 'approve' : 'login', createdAt }));
      }
    });
    await guestbookEntries.add(aGuestbookEntry({ message: 'Greetings from Zanzibar' }));
    await persistence.dataSource.query('ANALYZE TABLE `guestbook_entries`, `scholarship_requests`, `audit_events`');
    recorded.length = 0;
  });
  afterAll(async () => {
    await persistence?.close();
    await database?.drop();
  });

  /** The plan of the last SELECT `call` made on `table`'s rows. */
  async function planOf(table: string, call: () => Promise<unknown>): Promise<Plan> {
    recorded.length = 0;
    await call();
    const select = recorded.filter(({ query }) => query.startsWith('SELECT') && query.includes(`\`${table}\``)).at(-1);
    if (select === undefined) throw new Error(`no SELECT on ${table} was made`);
    const rows = (await persistence.dataSource.query(`EXPLAIN ${select.query}`, select.parameters)) as Array<{
      table: string;
      type: string;
      key: string | null;
    }>;
    const row = rows.find((candidate) => candidate.table !== '<derived2>') ?? rows[0];
    return { table: row?.table ?? '', type: row?.type ?? '', key: row?.key ?? null };
  }

  it('seeks a page after a cursor along its filter’s index', async () => {
    const { guestbookEntries, scholarshipRequests, auditEvents } = persistence.repositories;
    const [entry] = await guestbookEntries.listPage({ class: 'approved' }, { limit: 100 });
    const [request] = await scholarshipRequests.listPage({ status: 'pending' }, { limit: 100 });
    const [event] = await auditEvents.listNewestFirst({ limit: 100, filter: { action: 'approve' } });
    if (entry === undefined || request === undefined || event === undefined) throw new Error('nothing seeded');

    expect(
      await planOf('guestbook_entries', () =>
        guestbookEntries.listPage({ class: 'approved' }, { limit: 100, before: entry }),
      ),
    ).toMatchObject({ type: 'range', key: 'idx_guestbook_entries_class_created' });
    expect(
      await planOf('scholarship_requests', () =>
        scholarshipRequests.listPage({ status: 'pending' }, { limit: 100, before: request }),
      ),
    ).toMatchObject({ type: 'range', key: 'idx_scholarship_requests_status_created' });
    expect(
      await planOf('audit_events', () =>
        auditEvents.listNewestFirst({ limit: 100, before: event, filter: { action: 'approve' } }),
      ),
    ).toMatchObject({ type: 'range', key: 'idx_audit_events_action' });
  });

  it('finds a rare word through the FULLTEXT index, and a common one along the list', async () => {
    const { guestbookEntries } = persistence.repositories;
    expect(
      await planOf('guestbook_entries', () => guestbookEntries.listPage({ search: 'zanzibar' }, { limit: 50 })),
    ).toEqual({
      table: 'entry',
      type: 'fulltext',
      key: 'ft_guestbook_entries_search',
    });
    const common = await planOf('guestbook_entries', () =>
      guestbookEntries.listPage({ search: 'chapter', class: 'approved' }, { limit: 50 }),
    );
    expect(common.type).not.toBe('fulltext');
    expect((await guestbookEntries.listPage({ search: 'zanzibar' }, { limit: 50 })).map((e) => e.message)).toEqual([
      'Greetings from Zanzibar',
    ]);
  });
});
