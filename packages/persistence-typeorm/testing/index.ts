// Test helpers for this package's tests and other packages' database tests.
export { createScratchDatabase, startMariaDb, type MariaDbOptions, type MariaDbServer } from '../test/mariadb-server';
export { openScratchMysql, openTemporarySqlite, type ScratchMysql } from './stores';
export { makeTestCertificates, type TestCertificates } from '../test/tls-certificates';
