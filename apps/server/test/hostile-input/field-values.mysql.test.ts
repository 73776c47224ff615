import { describe, expect, it } from '@jest/globals';

import { useMysqlTestApp } from '../support/hostile-input/mysql-app';

/** Field values the fuzz found to outgrow a MySQL column, replayed on MariaDB, where they were 500s. */
describe('hostile field values on MySQL (MariaDB)', () => {
  const mysqlApp = useMysqlTestApp({ TRUST_PROXY: 'on' });

  it('throttles a 256-character username (a rate-limit key longer than its column) like any other', async () => {
    const app = mysqlApp();
    for (const username of ['u'.repeat(256), '\u{1F600}'.repeat(128), `owner${' '.repeat(250)}`]) {
      for (let i = 0; i < 5; i += 1) {
        const response = await app.call('POST', '/api/admin/login', { body: { username, password: 'wrong' } });
        expect([username.length, response.status]).toEqual([username.length, 401]);
      }
      const locked = await app.call('POST', '/api/admin/login', { body: { username, password: 'wrong' } });
      expect(locked.status).toBe(429);
      app.clock.advance(15 * 60 * 1000);
    }
  });
});
