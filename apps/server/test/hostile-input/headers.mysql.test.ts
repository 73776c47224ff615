import { describe, expect, it } from '@jest/globals';

import { useMysqlTestApp } from '../support/hostile-input/mysql-app';

/** Headers the fuzz found to outgrow a MySQL column, replayed on MariaDB, where they were 500s. */
describe('hostile headers on MySQL (MariaDB)', () => {
  const mysqlApp = useMysqlTestApp({ TRUST_PROXY: 'on' });

  it('records the connection address when X-Forwarded-For holds no address', async () => {
    const app = mysqlApp();
    const garbage = ['a'.repeat(65), `fe80::1%${'a'.repeat(100)}`, "1.2.3.4' OR '1'='1", '\u00e9'.repeat(50)];
    for (const forwarded of garbage) {
      const headers = { 'X-Forwarded-For': forwarded };
      const login = await app.call('POST', '/api/admin/login', { body: { username: 'x', password: 'y' }, headers });
      expect(login.status).toBe(401);
      const form = await app.call('POST', '/api/guestbook-entry', {
        body: { name: 'Ada', message: 'Hello', riddleAnswer: 'network' },
        headers,
      });
      expect(form.status).toBe(201);
    }
    const token = await app.signIn();
    const logs = (await app.call('GET', '/api/admin/audit-logs?limit=200', { token })).body.logs as Array<{
      action: string;
      ipAddress: string | null;
    }>;
    const failed = logs.filter((log) => log.action === 'login_failed' && log.ipAddress !== null);
    expect(failed.length).toBeGreaterThanOrEqual(garbage.length);
    expect(failed.every((log) => /^(127\.0\.0\.1|::1)$/.test(log.ipAddress ?? ''))).toBe(true);
  });
});
