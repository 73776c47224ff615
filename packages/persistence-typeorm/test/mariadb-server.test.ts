import { describe, expect, it } from '@jest/globals';

import { startMariaDb } from './mariadb-server';

describe('the throwaway MariaDB of the MySQL tests', () => {
  it('fails, saying how to fix it, when MariaDB is missing and may not be installed (never a silent skip)', async () => {
    await expect(startMariaDb({ searchPath: ['/nonexistent'], allowInstall: false })).rejects.toThrow(
      /MariaDB is not installed\. .*apt-get install mariadb-server.*TEST_MYSQL_URL=/,
    );
  });
});
