import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createTypeOrmPersistence, type TypeOrmPersistence } from '../src';
import { createScratchDatabase } from '../test/mariadb-server';

/** A fresh SQLite store in a temporary folder; `close()` also deletes the folder. */
export async function openTemporarySqlite(): Promise<TypeOrmPersistence> {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-sqlite-'));
  const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'test.sqlite')}` });
  return {
    ...persistence,
    close: async () => {
      await persistence.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Children before parents, so that foreign keys never object.
const TABLES = [
  'delivery_events',
  'review_reminders',
  'reader_tokens',
  'reader_webhooks',
  'readers',
  'deliveries',
  'admin_sessions',
  'admin_recovery_codes',
  'admin_login_challenges',
  'admin_users',
  'audit_events',
  'guestbook_entries',
  'scholarship_requests',
  'rate_limit_counters',
  'event_counts',
  'crackme_claims',
  'suppressions',
  'site_content_draft',
  'site_content_versions',
  'site_content_previews',
  'media_uploads',
  'media_blobs',
  'media_chunks',
];

export interface ScratchMysql {
  /** The scratch database's URL. */
  readonly url: string;
  /** The store, migrated once; its `close()` does nothing, so a suite may close it per test. */
  readonly persistence: TypeOrmPersistence;
  /** Deletes every row: a fresh store without migrating again. */
  empty(): Promise<void>;
  /** Closes the store and drops the database. */
  dispose(): Promise<void>;
}

/** A database of its own on the server behind TEST_MYSQL_URL, for one test file. */
export async function openScratchMysql(
  pool: { connectionLimit?: number; queueLimit?: number } = {},
): Promise<ScratchMysql> {
  const database = await createScratchDatabase();
  const persistence = await createTypeOrmPersistence({ databaseUrl: database.url, mysqlPool: pool });
  return {
    url: database.url,
    persistence: { ...persistence, close: async () => undefined },
    async empty() {
      for (const table of TABLES) await persistence.dataSource.query(`DELETE FROM \`${table}\``);
      // The audit chain starts again from its genesis.
      await persistence.dataSource.query("UPDATE `audit_chain_head` SET `seq` = 0, `hash` = REPEAT('0', 64)");
    },
    async dispose() {
      await persistence.close();
      await database.drop();
    },
  };
}
