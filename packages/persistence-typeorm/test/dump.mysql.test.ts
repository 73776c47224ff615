import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, expect, it, jest } from '@jest/globals';
import { sha256Hex } from '@memoir/platform-node';

import { createTypeOrmPersistence, loadDumpFile, writeDumpFile, type TypeOrmPersistence } from '../src';
import { dumpDatabase } from '../src/dump';
import { openTemporarySqlite } from '../testing';
import { describeDumps } from './dump.suite';
import { createScratchDatabase } from './mariadb-server';

// Each test makes scratch databases and writes every table through the audit chain's lock:
// seconds alone, more under the whole MySQL run on two cores.
jest.setTimeout(30_000);

/** A scratch database of its own, dropped on close. */
async function mysql(): Promise<TypeOrmPersistence> {
  const database = await createScratchDatabase();
  const persistence = await createTypeOrmPersistence({ databaseUrl: database.url });
  return {
    ...persistence,
    close: async () => {
      await persistence.close();
      await database.drop();
    },
  };
}

/** The source and a second connection to it (the writer under load) share one database. */
let shared: Promise<{ url: string; drop: () => Promise<void> }> | null = null;
async function sharedMysql(): Promise<TypeOrmPersistence> {
  shared ??= createScratchDatabase();
  const database = await shared;
  const persistence = await createTypeOrmPersistence({ databaseUrl: database.url });
  return {
    ...persistence,
    close: async () => {
      await persistence.close();
      if (shared !== null) {
        shared = null;
        await database.drop();
      }
    },
  };
}

describeDumps('MariaDB', { source: sharedMysql, empty: mysql });

const opened: TypeOrmPersistence[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

it('moves a database SQLite → MariaDB → SQLite with every row identical', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-move-'));
  try {
    const first = await openTemporarySqlite();
    const middle = await mysql();
    const last = await openTemporarySqlite();
    opened.push(first, middle, last);
    const { repositories } = first;
    const { aGuestbookEntry, anAuditEvent, aScholarshipRequest } = await import('@memoir/domain/testing');
    await repositories.guestbookEntries.add(aGuestbookEntry({ name: 'Đặng Thị Ngọc Thịnh 🌸', message: '東京から' }));
    await repositories.scholarshipRequests.add(aScholarshipRequest({ name: 'Ελένη', email: 'eleni@example.gr' }));
    await repositories.auditEvents.append(anAuditEvent({ details: { adminNotes: 'ok', count: 3, flag: true } }));
    const rows = async (store: TypeOrmPersistence) => {
      const all: string[] = [];
      await dumpDatabase(store, ({ table, row }) => void all.push(`${table} ${JSON.stringify(row)}`));
      return all.sort();
    };
    await writeDumpFile(first, join(dir, 'one.jsonl'));
    await loadDumpFile(middle, join(dir, 'one.jsonl'));
    await writeDumpFile(middle, join(dir, 'two.jsonl'));
    await loadDumpFile(last, join(dir, 'two.jsonl'));
    expect(await rows(middle)).toEqual(await rows(first));
    expect(await rows(last)).toEqual(await rows(first));
    // The audit chain came along whole: it verifies on each database, every event in it.
    const { ManualClock } = await import('@memoir/domain/memory');
    const { VerifyAuditChainUseCase } = await import('@memoir/domain');
    for (const store of [first, middle, last]) {
      const report = await new VerifyAuditChainUseCase({
        auditEvents: store.repositories.auditEvents,
        sha256: sha256Hex,
        clock: new ManualClock(),
      }).execute();
      expect([report.intact, report.verifiedEvents]).toEqual([true, 1]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
