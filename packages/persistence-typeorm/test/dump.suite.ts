import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  aDelivery,
  aGuestbookEntry,
  anAdminSession,
  anAdminUser,
  anAuditEvent,
  aReader,
  aScholarshipRequest,
  AT,
  aUuid,
  patternBytes,
} from '@memoir/domain/testing';

import {
  backupSqliteFile,
  countRows,
  DUMP_SCHEMA_VERSION,
  loadDumpFile,
  restoreFile,
  writeDumpFile,
  type TypeOrmPersistence,
} from '../src';
import { dumpDatabase } from '../src/dump';

/** A database to fill (`source`) and empty ones to load into; each closed (and removed) by the suite. */
export interface DumpStores {
  readonly source: () => Promise<TypeOrmPersistence>;
  readonly empty: () => Promise<TypeOrmPersistence>;
}

/** Every row, by table and primary key, as a dump writes it. */
async function snapshot(persistence: TypeOrmPersistence): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  await dumpDatabase(persistence, ({ table, row }) => {
    const key =
      row.id ??
      row.key ??
      row.tokenHash ??
      (table === 'media_chunks' ? `${String(row.fileId)}/${String(row.seq)}` : undefined);
    rows.set(`${table}/${String(key)}`, JSON.stringify(row, Object.keys(row).sort()));
  });
  return rows;
}

/** One row in every table, with the texts that go wrong first: scripts, emoji, nulls, JSON. */
async function fill(persistence: TypeOrmPersistence): Promise<void> {
  const { repositories } = persistence;
  const owner = anAdminUser({ username: 'owner' });
  await repositories.adminUsers.addIfUsernameFree(owner);
  await repositories.adminSessions.add(anAdminSession({ userId: owner.id }));
  const entry = aGuestbookEntry({
    name: 'Nguyễn Thị Minh Khai 👩🏽‍💻',
    location: 'Kraków',
    message: 'Привет, 你好, مرحبا, שלום, नमस्ते\nsecond line with "quotes" and \\ backslash',
    isApproved: true,
    reviewedAt: AT('2026-02-01T10:00:00.001Z'),
    adminNotes: null,
  });
  await repositories.guestbookEntries.add(entry);
  await repositories.guestbookEntries.add(
    aGuestbookEntry({ location: null, createdAt: AT('2026-02-02T00:00:00.999Z') }),
  );
  const request = aScholarshipRequest({ email: 'zoë@example.org', message: null });
  await repositories.scholarshipRequests.add(request);
  const approval = aDelivery({ requestId: request.id, linkTokenHash: 'h'.repeat(43) });
  await repositories.deliveries.add(approval);
  await repositories.deliveries.addEvent(
    {
      id: aUuid(),
      deliveryId: approval.id,
      kind: 'hard_bounce',
      at: AT('2026-02-01T10:00:00.002Z'),
      detail: '5.1.1 zoë',
    },
    10,
  );
  await repositories.deliveries.add(aDelivery({ requestId: null, entryId: entry.id, kind: 'owner_entry' }));
  await repositories.auditEvents.append(anAuditEvent({ details: { nested: { list: [1, 'two', null] } } }));
  await repositories.auditEvents.append(anAuditEvent({ details: null, ipAddress: null, userAgent: null }));
  await persistence.rateLimits.hit('form:guestbook:203.0.113.7', 60_000, new Date());
  // More totals of one day than a dump reads at a time: its pages follow the whole (day, name, detail) key.
  await persistence.eventCounts.add(
    Array.from({ length: 620 }, (_, i) => ({
      day: '2026-02-01',
      name: 'page_view' as const,
      detail: `referrer-${String(i).padStart(3, '0')}.test`,
      count: i + 1,
    })),
  );
  await persistence.eventCounts.add([{ day: '2026-02-02', name: 'buy_click', detail: 'kindle', count: 3 }]);
  const reminded = aScholarshipRequest({ reviewReminder: true });
  await repositories.scholarshipRequests.add(reminded);
  await repositories.scholarshipRequests.startReviewReminder(reminded.id, AT('2026-02-04T00:00:00.25Z'));
  await repositories.scholarshipRequests.attachReviewToken(reminded.id, 'v'.repeat(43));
  await repositories.scholarshipRequests.answerReviewReminder(reminded.id, 'declined', AT('2026-02-05T00:00:00.75Z'));
  const reader = aReader({
    email: 'Zoë.Reader@example.org',
    name: 'Zoë 📚',
    status: 'confirmed',
    confirmedAt: AT('2026-02-03T00:00:00.5Z'),
  });
  await repositories.readers.addIfNew(reader);
  await repositories.readers.addToken({
    tokenHash: 'r'.repeat(43),
    readerId: reader.id,
    purpose: 'unsubscribe',
    createdAt: AT('2026-02-03T00:00:00.5Z'),
    expiresAt: null,
    usedAt: null,
  });
  await repositories.readers.addAnnouncement({
    id: '00000000-0000-4000-8000-0000000a0001',
    subject: 'Das Taschenbuch ist da — 📚',
    text: 'Zeile eins\n\nЗдравствуйте',
    createdAt: AT('2026-02-04T00:00:00.5Z'),
    createdBy: '00000000-0000-4000-8000-000000000001',
    test: false,
    queuedCount: 1,
    queuedThrough: reader.id,
    queuedAt: null,
  });
  // An event waiting for the owner's webhook, its body as queued (version 11).
  await repositories.readerWebhooks.add({
    id: '00000000-0000-4000-8000-0000000c0001',
    type: 'reader.confirmed',
    emailKey: reader.emailKey,
    body: JSON.stringify({ id: '00000000-0000-4000-8000-0000000c0001', reader: { name: 'Zoë — 読者' } }),
    status: 'pending',
    attempts: 2,
    nextAttemptAt: AT('2026-02-05T00:00:00.5Z'),
    leaseUntil: null,
    lastError: 'HTTP 503',
    createdAt: AT('2026-02-04T00:00:00.75Z'),
    failedAt: null,
  });
  // An uploaded book: its record, and its bytes in more chunks than a dump reads at a time.
  await persistence.mediaStore.write(BOOK_FILE, pieces(BOOK_BYTES));
  await persistence.repositories.media.add({
    id: '00000000-0000-4000-8000-00000000b00c',
    kind: 'book',
    sha256: 'ab'.repeat(32),
    bytes: BOOK_BYTES.length,
    fileId: BOOK_FILE,
    width: null,
    height: null,
    pages: 320,
    alt: null,
    variants: [],
    uploadedAt: AT('2026-02-03T09:00:00.000Z'),
    uploadedBy: owner.id,
  });
}

/** A stored book of 20 chunks and a bit (the database's chunks are 512 KiB). */
const BOOK_BYTES = patternBytes(20 * 512 * 1024 + 1234);
const BOOK_FILE = `${'ab'.repeat(32)}.pdf`;

async function* pieces(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += 300_000) yield bytes.slice(at, at + 300_000);
}

async function storedBook(persistence: TypeOrmPersistence): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of persistence.mediaStore.read(BOOK_FILE)) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/**
 * Writes until stopped: each write a new entry and its audit event in one transaction, so a
 * consistent copy holds both of a pair or neither. On MySQL from this process (its driver waits
 * on the server, so the writes and the backup interleave); on SQLite, whose driver answers on
 * this thread, from a process of its own writing the same file.
 */
async function writeLoad(persistence: TypeOrmPersistence): Promise<{ stop: () => Promise<number> }> {
  if (persistence.dialect.kind === 'sqlite') {
    const child = spawn(process.execPath, ['-e', SQLITE_WRITER, String(persistence.dataSource.options.database)], {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Started when it has written its first pair.
    while (!output.includes('writing')) await new Promise((resolve) => setTimeout(resolve, 20));
    return {
      stop: async () => {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
        return Number(/written (\d+)/.exec(output)?.[1] ?? Number.NaN);
      },
    };
  }
  let running = true;
  let written = 0;
  const loop = (async () => {
    while (running) {
      const entry = aGuestbookEntry({ message: `under load ${written}` });
      await persistence.unitOfWork.transaction(async (repositories) => {
        await repositories.guestbookEntries.add(entry);
        await repositories.auditEvents.append(anAuditEvent({ action: 'load', resourceId: entry.id }));
      });
      written += 1;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return written;
    },
  };
}

/** The SQLite writer's process: pairs of rows in transactions until SIGTERM, then its count. */
const SQLITE_WRITER = `
const Database = require('better-sqlite3');
const { randomUUID } = require('node:crypto');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
const entry = db.prepare("INSERT INTO guestbook_entries (id, name, location, message, created_at, is_approved, reviewed_at, admin_notes, review_class) VALUES (?, 'Load', NULL, ?, ?, 0, NULL, NULL, 'pending')");
const event = db.prepare("INSERT INTO audit_events (id, action, resource_type, resource_id, user_id, details, ip_address, user_agent, created_at, seq) VALUES (?, 'load', 'guestbook_entry', ?, NULL, NULL, NULL, NULL, ?, (SELECT coalesce(max(seq), 0) + 1 FROM audit_events))");
const pair = db.transaction((n) => {
  const id = randomUUID();
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  entry.run(id, 'under load ' + n, now);
  event.run(randomUUID(), id, now);
});
let written = 0;
process.on('SIGTERM', () => { process.stdout.write(' written ' + written + '\\n'); process.exit(0); });
const next = () => { pair(written); written += 1; if (written === 1) process.stdout.write('writing'); setImmediate(next); };
next();
`;

export function describeDumps(name: string, stores: DumpStores): void {
  describe(`backup, restore, export and import (${name})`, () => {
    let dir: string;
    const open: TypeOrmPersistence[] = [];
    const source = async () => {
      const store = await stores.source();
      open.push(store);
      return store;
    };
    const empty = async () => {
      const store = await stores.empty();
      open.push(store);
      return store;
    };
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'memoir-dump-'));
    });
    afterEach(async () => {
      for (const store of open.splice(0)) await store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('backs up under write load, and the restore holds every row exactly, whole transactions only', async () => {
      const from = await source();
      await fill(from);
      const writer = await source();
      const load = await writeLoad(writer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const file = join(dir, 'backup');
      if (from.dialect.kind === 'sqlite') await backupSqliteFile(from, file);
      else await writeDumpFile(from, file);
      const written = await load.stop();
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const to = await empty();
      const counts = await restoreFile(to, file);
      const restored = await snapshot(to);
      const original = await snapshot(from);
      // Every restored row is the row the source holds, byte for byte.
      // (The audit chain's head moves with every append: the restored one is checked below.)
      for (const [key, row] of restored) {
        if (!key.startsWith('audit_chain_head/')) expect([key, row]).toEqual([key, original.get(key)]);
      }
      // The load went on during the backup: some of its pairs are in, whole, and the rest out.
      const loaded = [...restored.values()].filter((row) => row.includes('under load')).length;
      const events = [...restored.values()].filter((row) => row.includes('"action":"load"')).length;
      expect(loaded).toBe(events);
      // The restored head is the restored chain's last event (on SQLite the writer's raw rows leave it be).
      const [head] = await to.repositories.auditEvents.readChain(0, 1_000_000).then((chain) => chain.slice(-1));
      const restoredHead = await to.repositories.auditEvents.chainHead();
      if (from.dialect.kind === 'mysql') expect(restoredHead).toEqual({ seq: head?.seq, hash: head?.hash });
      expect(written).toBeGreaterThan(0);
      expect(counts.guestbook_entries).toBe(2 + loaded);
      // Everything written before the backup began is there.
      for (const table of [
        'admin_users',
        'admin_sessions',
        'scholarship_requests',
        'deliveries',
        'rate_limit_counters',
      ]) {
        expect([table, counts[table]]).toEqual([table, (await countRows(from))[table]]);
      }
      console.log(
        `backup under load (${name}): ${written} transactions written meanwhile, ${loaded} in the backup; restored ${JSON.stringify(counts)}`,
      );
      // Under the whole MySQL run (19 files on 2 cores) the restore and two snapshots pass 5 s.
    }, 30_000);

    it('exports and imports every row identically, across a round trip', async () => {
      const from = await source();
      await fill(from);
      const file = join(dir, 'export.jsonl');
      const exported = await writeDumpFile(from, file);
      const to = await empty();
      expect(await loadDumpFile(to, file)).toEqual(exported);
      expect(await snapshot(to)).toEqual(await snapshot(from));
      // The uploads' bytes travel with the database (the media store's default).
      expect(exported.media_chunks).toBe(21);
      expect((await storedBook(to)).equals(Buffer.from(BOOK_BYTES))).toBe(true);
    });

    it('still loads a dump of the version before the media, which has none', async () => {
      const from = await source();
      await fill(from);
      const file = join(dir, 'export.jsonl');
      await writeDumpFile(from, file);
      // Version 6 had neither the media nor the delivery events (version 8), the announcements (9)
      // or the review reminders (10), or the reader webhooks (11).
      const media = [
        'media_uploads',
        'media_blobs',
        'media_chunks',
        'delivery_events',
        'announcements',
        'review_reminders',
        'reader_webhooks',
      ];
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      const header = JSON.parse(lines[0] ?? '{}') as { schemaVersion: number; columns: Record<string, unknown> };
      header.schemaVersion = 6;
      for (const table of media) delete header.columns[table];
      const rows = lines.slice(1, -1).filter((line) => !media.some((table) => line.startsWith(`{"table":"${table}"`)));
      const trailer = JSON.parse(lines.at(-1) ?? '{}') as { counts: Record<string, number> };
      for (const table of media) delete trailer.counts[table];
      const old = join(dir, 'version-6.jsonl');
      writeFileSync(old, `${[JSON.stringify(header), ...rows, JSON.stringify(trailer)].join('\n')}\n`);
      const to = await empty();
      const loaded = await loadDumpFile(to, old);
      expect([loaded.guestbook_entries, loaded.readers, loaded.media_uploads, loaded.delivery_events]).toEqual([
        2, 1, 0, 0,
      ]);
      header.schemaVersion = 4;
      writeFileSync(old, `${[JSON.stringify(header), ...rows, JSON.stringify(trailer)].join('\n')}\n`);
      await expect(loadDumpFile(await empty(), old)).rejects.toThrow('older than 5, the oldest this version reads');
    });

    it('loads a dump of schema 5, before the reader list: its requests without a review reminder', async () => {
      const from = await source();
      await fill(from);
      const file = join(dir, 'export.jsonl');
      await writeDumpFile(from, file);
      const added = new Set([
        'readers',
        'reader_tokens',
        'media_uploads',
        'media_blobs',
        'media_chunks',
        'delivery_events',
        'announcements',
        'review_reminders',
        'reader_webhooks',
      ]);
      const older = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, any>) // eslint-disable-line @typescript-eslint/no-explicit-any -- a dump's lines
        .filter((item) => !added.has(item.table as string))
        .map((item) => {
          if (item.schemaVersion !== undefined) {
            const columns = Object.fromEntries(
              Object.entries(item.columns as Record<string, string[]>)
                .filter(([table]) => !added.has(table))
                .map(([table, names]) => [table, names.filter((name) => name !== 'reviewReminder')]),
            );
            return { ...item, schemaVersion: 5, columns };
          }
          if (item.end === true) {
            const counts = Object.fromEntries(
              Object.entries(item.counts as Record<string, number>).filter(([table]) => !added.has(table)),
            );
            return { ...item, counts };
          }
          if (item.table === 'scholarship_requests') {
            const { reviewReminder: _dropped, ...row } = item.row as Record<string, unknown>;
            return { ...item, row };
          }
          return item;
        });
      const path = join(dir, 'schema-5.jsonl');
      writeFileSync(path, `${older.map((item) => JSON.stringify(item)).join('\n')}\n`);
      const to = await empty();
      const counts = await restoreFile(to, path);
      expect([counts.readers, counts.reader_tokens]).toEqual([0, 0]);
      const requests = await to.repositories.scholarshipRequests.listAll();
      expect(requests.length).toBe((await from.repositories.scholarshipRequests.listAll()).length);
      expect(requests.every((request) => !request.reviewReminder)).toBe(true);
    });

    it('refuses a database that holds data, and leaves it as it was', async () => {
      const from = await source();
      await fill(from);
      const file = join(dir, 'export.jsonl');
      await writeDumpFile(from, file);
      const to = await empty();
      await to.repositories.guestbookEntries.add(aGuestbookEntry());
      const before = await snapshot(to);
      await expect(loadDumpFile(to, file)).rejects.toThrow(
        'The database is not empty (1 in guestbook_entries). Restore or import into a new, empty database',
      );
      expect(await snapshot(to)).toEqual(before);
    });

    it('refuses a cut-short, damaged, duplicated, newer or foreign file, loading nothing', async () => {
      const from = await source();
      await fill(from);
      const file = join(dir, 'export.jsonl');
      await writeDumpFile(from, file);
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      const variant = (name: string, text: string) => {
        const path = join(dir, name);
        writeFileSync(path, text);
        return path;
      };
      const to = await empty();
      const cases: Array<[string, string]> = [
        [
          variant('cut', `${lines.slice(0, -3).join('\n')}\n`),
          'The dump ends before its last line: the file was cut short.',
        ],
        [
          variant('damaged', `${lines.slice(0, 3).join('\n')}\n{"table":\n${lines.slice(3).join('\n')}\n`),
          'Line 4 of the dump is not JSON',
        ],
        [variant('dropped', `${[...lines.slice(0, -2), ...lines.slice(-1)].join('\n')}\n`), 'rows of'],
        [
          variant(
            'newer',
            `${lines[0]?.replace(`"schemaVersion":${DUMP_SCHEMA_VERSION}`, `"schemaVersion":${DUMP_SCHEMA_VERSION + 1}`)}\n${lines.slice(1).join('\n')}\n`,
          ),
          'The dump was made by a newer version of the site',
        ],
        [variant('duplicate', `${duplicateRow(lines).join('\n')}\n`), 'twice'],
        [variant('foreign', '{"hello":"world"}\n'), 'This file is not a dump of this site'],
        [variant('text', 'name,email\n'), 'neither a backup nor an export'],
        [variant('empty', ''), 'neither a backup nor an export'],
      ];
      for (const [path, message] of cases) {
        await expect(restoreFile(to, path)).rejects.toThrow(message);
        expect(Object.values(await countRows(to)).every((n) => n === 0)).toBe(true);
      }
    });

    it('never overwrites a file, and leaves nothing behind when it fails', async () => {
      const from = await source();
      const file = join(dir, 'taken');
      writeFileSync(file, 'precious');
      await expect(writeDumpFile(from, file)).rejects.toMatchObject({ code: 'EEXIST' });
      expect(readFileSync(file, 'utf8')).toBe('precious');
      expect(readdirSync(dir)).toEqual(['taken']);
    });
  });
}

/** The lines of a dump with one guestbook row written in place of another: the same key twice, the counts right. */
function duplicateRow(lines: readonly string[]): string[] {
  const rows = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.startsWith('{"table":"guestbook_entries"'));
  const [first, second] = rows;
  if (first === undefined || second === undefined) throw new Error('the fill holds two guestbook entries');
  return lines.map((line, index) => (index === second.index ? first.line : line));
}
