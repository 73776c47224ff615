import { startMariaDb, type MariaDbServer } from '../../packages/persistence-typeorm/testing';

declare global {
  // Handed from the global setup to the global teardown (the same process).
  var memoirMariaDb: MariaDbServer | undefined;
}

/** Gives the MySQL tests a server: TEST_MYSQL_URL when set, else a throwaway MariaDB. */
export default async function setUp(): Promise<void> {
  if (process.env.TEST_MYSQL_URL) {
    process.stderr.write('\nMySQL tests: using TEST_MYSQL_URL\n');
    return;
  }
  const started = Date.now();
  const server = await startMariaDb();
  globalThis.memoirMariaDb = server;
  // Test workers inherit the environment of this process.
  process.env.TEST_MYSQL_URL = server.url;
  process.stderr.write(`\nMySQL tests: throwaway MariaDB ready in ${Date.now() - started} ms\n`);
}
