// Test helpers for other packages' MySQL tests: the throwaway MariaDB and scratch databases.
export { createScratchDatabase, startMariaDb, type MariaDbOptions, type MariaDbServer } from '../test/mariadb-server';
