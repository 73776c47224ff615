// What every scenario of the benchmark shares: its options and profiles, the log, the
// database it seeds, and the children it must kill if it dies midway.
import { join } from 'node:path';

import type { Child } from './processes';

export interface Options {
  readonly quick: boolean;
  readonly mysql: boolean;
  readonly scale: boolean;
  readonly delivery: boolean;
  readonly start: boolean;
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
