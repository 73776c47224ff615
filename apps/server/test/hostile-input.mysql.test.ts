import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openScratchMysql, type ScratchMysql } from '@memoir/persistence-typeorm/testing';

import { createTestApp, type TestApp } from './support/test-app';

/**
 * The hostile-input fuzz (hostile-input.test.ts) runs on SQLite, which stores a text of any
 * length; MySQL refuses one longer than its column. These are the inputs the fuzz found to
 * outgrow a column, replayed on MariaDB, where they were 500s.
 */
describe('hostile input on MySQL (MariaDB)', () => {
  let scratch: ScratchMysql;
  let app: TestApp;

  beforeAll(async () => {
    scratch = await openScratchMysql();
    app = await createTestApp(scratch.persistence, scratch.url, { TRUST_PROXY: 'on' });
  }, 60_000);
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('throttles a 256-character username (a rate-limit key longer than its column) like any other', async () => {
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

  it('records the connection address when X-Forwarded-For holds no address', async () => {
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
