import { afterAll, beforeAll } from '@jest/globals';
import { openScratchMysql, type ScratchMysql } from '@memoir/persistence-typeorm/testing';

import { startTestApp, type TestApp } from '../test-app';

/**
 * The app on a scratch database of its own on MariaDB, for the tests of one file: the fuzz runs
 * on SQLite, which stores a text of any length, and its findings that outgrew a MySQL column
 * are replayed here. Call the returned function inside a test.
 */
export function useMysqlTestApp(env: Readonly<Record<string, string>>): () => TestApp {
  let scratch: ScratchMysql | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    scratch = await openScratchMysql();
    app = await startTestApp({ store: { url: scratch.url, persistence: scratch.persistence }, env });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await scratch?.dispose();
  });
  return () => {
    if (app === undefined) throw new Error('the MariaDB app did not start: see beforeAll');
    return app;
  };
}
