import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import {
  CLI_MAIN,
  spawnNodeProcess,
  startServerProcess,
  SERVER_MAIN,
  type ServerProcess,
} from './support/server-process';

/** A database of the test's own: empty at first. */
export interface MigrationsDatabase {
  readonly url: string;
  dispose(): Promise<void>;
}

const PROCESSES = 3;

/**
 * Server processes and `pnpm admin migrate`, built and run as in production, on a database
 * that each test makes for itself: several starting at once migrate it once; migrations on
 * demand; MIGRATE_ON_START=off; and a database newer than the code.
 */
export function describeMigrations(name: string, database: () => Promise<MigrationsDatabase>): void {
  describe(`migrations on ${name}`, () => {
    const opened: MigrationsDatabase[] = [];
    const fresh = async () => {
      const db = await database();
      opened.push(db);
      return db;
    };
    let codeMigrations: readonly string[] = [];

    beforeAll(async () => {
      // The migrations this build knows: what one start on a database of its own records.
      const db = await fresh();
      const persistence = await createTypeOrmPersistence({ databaseUrl: db.url });
      codeMigrations = persistence.migrations.known;
      await persistence.close();
    }, 30_000);
    const dataDirs: string[] = [];
    afterAll(async () => {
      for (const db of opened) await db.dispose();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    /** Each row of schema_migrations, in the order they were recorded. */
    async function recorded(url: string): Promise<string[]> {
      const persistence = await createTypeOrmPersistence({ databaseUrl: url, migrate: false });
      try {
        const rows = (await persistence.dataSource.query('SELECT name FROM schema_migrations ORDER BY id')) as Array<{
          name: string;
        }>;
        return rows.map((row) => row.name);
      } finally {
        await persistence.close();
      }
    }

    /** A process's environment of its own: PATH, any port, and a fresh DATA_DIR (removed at the end). */
    function serverEnv(): Record<string, string> {
      const dataDir = mkdtempSync(join(tmpdir(), 'memoir-migrations-'));
      dataDirs.push(dataDir);
      return { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir };
    }

    function admin(url: string, args: readonly string[], env: Record<string, string> = {}) {
      return spawnNodeProcess(CLI_MAIN, { args, env: { ...serverEnv(), DATABASE_URL: url, ...env } });
    }

    it(`lets ${PROCESSES} processes that start together on an empty database migrate it once, and all serve`, async () => {
      const db = await fresh();
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () =>
          startServerProcess({ env: { DATABASE_URL: db.url, ADMIN_PASSWORD: 'a-long-owner-password' } }),
        ),
      );
      const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
        const migrated = servers.filter((server) => /"msg":"migrated the database"/.test(server.output()));
        const upToDate = servers.filter((server) => /"msg":"the database is up to date"/.test(server.output()));
        process.stdout.write(
          `\n${name}: ${servers.length} of ${PROCESSES} processes ready; ${migrated.length} migrated, ${upToDate.length} found it up to date; schema_migrations holds ${(await recorded(db.url)).length} rows for ${codeMigrations.length} migrations\n`,
        );
        expect(failures).toEqual([]);
        expect(await recorded(db.url)).toEqual(codeMigrations);
        expect(migrated).toHaveLength(1);
        expect(upToDate).toHaveLength(PROCESSES - 1);
        expect(migrated[0]?.output()).toContain(`"ran":${JSON.stringify(codeMigrations)}`);
        for (const server of servers) expect((await fetch(`${server.url}/api/guestbook-entries`)).status).toBe(200);
      } finally {
        await Promise.all(servers.map((server: ServerProcess) => server.stop()));
      }
    }, 60_000);

    it('migrates on demand with `pnpm admin migrate`, which then finds nothing to do', async () => {
      const db = await fresh();
      const first = admin(db.url, ['migrate']);
      expect(await first.exited()).toBe(0);
      expect(first.output()).toBe(`Ran ${codeMigrations.length} migrations: ${codeMigrations.join(', ')}.\n`);
      const again = admin(db.url, ['migrate'], { MIGRATE_ON_START: 'off' });
      expect(await again.exited()).toBe(0);
      expect(again.output()).toBe(`The database is up to date (${codeMigrations.length} migrations).\n`);
      expect(await recorded(db.url)).toEqual(codeMigrations);
    }, 30_000);

    it('with MIGRATE_ON_START=off, refuses an unmigrated database naming `pnpm admin migrate`, and starts once it ran', async () => {
      const db = await fresh();
      const refused = spawnNodeProcess(SERVER_MAIN, {
        env: { ...serverEnv(), DATABASE_URL: db.url, MIGRATE_ON_START: 'off' },
      });
      expect(await refused.exited()).toBe(1);
      expect(refused.output()).toBe(
        `The server failed to start: the database lacks ${codeMigrations.length} migrations of this release (${codeMigrations.join(', ')}), and MIGRATE_ON_START is off: run \`pnpm admin migrate\` with the same configuration first.\n`,
      );
      expect(await admin(db.url, ['migrate']).exited()).toBe(0);
      const server = await startServerProcess({ env: { DATABASE_URL: db.url, MIGRATE_ON_START: 'off' } });
      try {
        expect(server.output()).not.toContain('"msg":"migrated the database"');
        expect(server.output()).toContain('"msg":"the database is up to date"');
      } finally {
        await server.stop();
      }
    }, 60_000);

    it('refuses a database that a newer release migrated, naming the migration it does not know and what to do', async () => {
      const db = await fresh();
      expect(await admin(db.url, ['migrate']).exited()).toBe(0);
      const persistence = await createTypeOrmPersistence({ databaseUrl: db.url, migrate: false });
      await persistence.dataSource.query(
        "INSERT INTO schema_migrations (timestamp, name) VALUES (1999999999999, 'FromTheFuture1999999999999')",
      );
      await persistence.close();
      const expected =
        'the database was migrated by a newer release: it holds migrations this release does not know (FromTheFuture1999999999999). Run that release or a newer one, or restore a backup taken before the upgrade; this release does not run on it.';

      const server = spawnNodeProcess(SERVER_MAIN, { env: { ...serverEnv(), DATABASE_URL: db.url } });
      expect(await server.exited()).toBe(1);
      expect(server.output()).toBe(`The server failed to start: ${expected}\n`);
      const migrate = admin(db.url, ['migrate']);
      expect(await migrate.exited()).toBe(1);
      expect(migrate.output()).toBe(`${expected.charAt(0).toUpperCase()}${expected.slice(1)}\n`);
      // Nothing was run or recorded.
      expect(await recorded(db.url)).toEqual([...codeMigrations, 'FromTheFuture1999999999999']);
    }, 30_000);
  });
}
