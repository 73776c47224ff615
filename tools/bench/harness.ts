// What every scenario of the benchmark shares: its options and profiles, the log, the
// database it seeds, and the children it must kill if it dies midway.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ServerProcess } from '../../apps/server/test/support/server-process';
import { startServer, type Child, type ServerSettings } from './processes';
import { SEED_COUNTS, seedDatabase } from './seed';

export interface Options {
  readonly quick: boolean;
  readonly mysql: boolean;
  readonly scale: boolean;
  readonly delivery: boolean;
  /** `--spike`: 400 readers' first downloads within a minute, alone (the full run has it too). */
  readonly spike: boolean;
  readonly start: boolean;
  /** `--upload`: only the owner's upload of a 150 MB book. */
  readonly upload: boolean;
  /** `--announce`: only an announcement to 50,000 confirmed readers. */
  readonly announce: boolean;
  readonly build: boolean;
  readonly lighthouse: boolean;
}

export interface Profile {
  /** Seconds measured per load scenario, after `warmupSeconds` thrown away. */
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** Starts measured (spawn to the first public-list answer, then idle memory). */
  readonly starts: number;
  readonly lighthouseRuns: number;
}

export const FULL: Profile = { seconds: 10, warmupSeconds: 2, starts: 5, lighthouseRuns: 5 };
export const QUICK: Profile = { seconds: 3, warmupSeconds: 1, starts: 3, lighthouseRuns: 1 };

/** Connections per scenario. 50 and 4 are the issue's; 10 for the admin reads is ours (docs/performance.md). */
export const CONNECTIONS = { public: 50, admin: 10, login: 4 } as const;

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const ms = (value: number) => `${Math.round(value)} ms`;

export interface Database {
  readonly label: string;
  readonly url: string;
  dispose(): Promise<void>;
}

export async function openDatabase(options: Options, dataDir: string): Promise<Database> {
  if (!options.mysql) {
    return { label: 'SQLite', url: `sqlite:${join(dataDir, 'memoir.sqlite')}`, dispose: async () => undefined };
  }
  const { createScratchDatabase, startMariaDb } = await import('../../packages/persistence-typeorm/testing');
  let server: { stop(): Promise<void> } | null = null;
  let label = 'MySQL (TEST_MYSQL_URL)';
  if (process.env.TEST_MYSQL_URL === undefined || process.env.TEST_MYSQL_URL === '') {
    const started = Date.now();
    const mariadb = await startMariaDb();
    server = mariadb;
    process.env.TEST_MYSQL_URL = mariadb.url;
    label = 'MariaDB (throwaway)';
    log(`database: throwaway MariaDB ready in ${ms(Date.now() - started)}`);
  }
  const scratch = await createScratchDatabase();
  return {
    label,
    url: scratch.url,
    async dispose() {
      await scratch.drop();
      if (server !== null) {
        await server.stop();
        // The next database (the scale run's second set) starts a server of its own.
        delete process.env.TEST_MYSQL_URL;
      }
    },
  };
}

/** Live children, killed if the harness dies midway. */
export const live = new Set<Child>();
process.on('exit', () => {
  for (const child of live) child.kill();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of live) child.kill();
    process.exit(130);
  });
}

/** The admin password every bench server starts with. */
export const BENCH_ADMIN_PASSWORD = 'bench-password-0123456789';

/** A fresh DATA_DIR and database for one scenario: dropped and removed once `work` settles. */
export async function withScratchDatabase<T>(
  options: Options,
  prefix: string,
  work: (dataDir: string, database: Database) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    const database = await openDatabase(options, dataDir);
    try {
      return await work(dataDir, database);
    } finally {
      await database.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seeds the scenario's database with the data set the goals are measured on, saying so. */
export async function seedLogged(database: Database): Promise<{ version: string; ms: number }> {
  log(`database: ${database.label}; seeding ${JSON.stringify(SEED_COUNTS)}`);
  const seeded = await seedDatabase(database.url);
  log(`seed: ${seeded.version}, done in ${ms(seeded.ms)}`);
  return seeded;
}

/** The production server on `settings` for as long as `work` runs, killed with the harness if it dies. */
export async function withServer<T>(settings: ServerSettings, work: (server: ServerProcess) => Promise<T>): Promise<T> {
  const { server } = await startServer(settings);
  live.add(server);
  try {
    return await work(server);
  } finally {
    await server.stop();
    live.delete(server);
  }
}
