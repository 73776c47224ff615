import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';
import pino from 'pino';

import { findRootDir, loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/server';
import { describeFigures, expectOutageHandled, runOutage } from './support/outage';

/**
 * Issue 9, part 5, on SQLite: another connection takes an exclusive lock on the database file
 * mid-load (as a backup tool or the sqlite3 shell might) and releases it three seconds later.
 * Bounds: every answer within the busy timeout (5 s) plus a margin of 1 s, a 503 JSON while
 * locked, the first success within 5 s of the release, every acknowledged write a row.
 */
describe('a locked SQLite file mid-load', () => {
  let dataDir: string;
  let databaseUrl: string;
  let server: RunningServer;
  let locker: TypeOrmPersistence;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-lock-'));
    databaseUrl = `sqlite:${join(dataDir, 'memoir.sqlite')}`;
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'owner-password-for-tests',
        FORM_RATE_LIMIT: '100000/10m',
        PORT: '0',
      },
      findRootDir(),
    );
    server = await startServer(config, pino({ level: 'silent' }));
    locker = await createTypeOrmPersistence({ databaseUrl, migrate: false });
  }, 60_000);

  afterAll(async () => {
    await server?.close(2000);
    await locker?.close();
    rmSync(dataDir, { recursive: true, force: true });
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
