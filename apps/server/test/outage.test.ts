import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';

import { describeFigures, expectOutageHandled, runOutage } from './support/outage';
import { startTestApp, type ListeningTestApp } from './support/test-app';

/**
 * On SQLite, another connection takes an exclusive lock on the database file
 * mid-load (as a backup tool or the sqlite3 shell might) and releases it three seconds later.
 * Bounds: every answer within the busy timeout (5 s) plus a margin of 1 s, a 503 JSON while
 * locked, the first success within 5 s of the release, every acknowledged write a row.
 */
describe('a locked SQLite file mid-load', () => {
  let server: ListeningTestApp;
  let locker: TypeOrmPersistence;

  beforeAll(async () => {
    server = await startTestApp({ listen: true, env: { FORM_RATE_LIMIT: '100000/10m' } });
    locker = await createTypeOrmPersistence({ databaseUrl: server.config.databaseUrl, migrate: false });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await locker?.close();
  });

  it('answers 503 within the busy timeout, recovers after the release, and loses no write', async () => {
    const figures = await runOutage({
      baseUrl: server.url,
      workers: 10,
      cut: async () => {
        await locker.dataSource.query('BEGIN EXCLUSIVE');
      },
      restore: async () => {
        await locker.dataSource.query('ROLLBACK');
      },
      outageMs: 8000,
    });

    const stored = new Set((await locker.repositories.guestbookEntries.listAll()).map((entry) => entry.name));
    const lost = figures.acknowledgedWrites.filter((name) => !stored.has(name));
    process.stdout.write(`\n${describeFigures('SQLite lock', figures, lost.length)}\n`);

    expectOutageHandled(figures, { answerWithinMs: 6000, recoverWithinMs: 5000 });
    expect(lost).toEqual([]);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 60_000);
});
