import { describe, expect, it } from '@jest/globals';

import { loadConfig, ConfigError, findRootDir } from '../src/config';
import { OWNER_PASSWORD, useTestApps, type TestApp } from './support/test-app';

/**
 * Behind a reverse proxy (TRUST_PROXY), what the server believes about a request (the client's
 * address, the scheme, the host it was sent to) comes from headers a client can also write. These
 * tests send what an attacker would, through the real app over HTTP from 127.0.0.1.
 */
describe('forwarded headers', () => {
  const start = useTestApps();
  let attempt = 0;

  /** The address the audit trail records for a refused sign-in sent with these headers. */
  async function addressSeen(app: TestApp, headers: Record<string, string>): Promise<string | null> {
    attempt += 1;
    app.clock.advance(1000);
    const body = { username: `nobody-${attempt}`, password: 'wrong-password' };
    expect((await app.call('POST', '/api/admin/login', { body, headers })).status).toBe(401);
    const token = await app.signIn();
    const { logs } = (await app.call('GET', '/api/admin/audit-logs', { token })).body as {
      logs: Array<{ action: string; ipAddress: string | null; details: Record<string, unknown> | null }>;
    };
    const refused = logs.find((log) => log.action === 'login_failed' && log.details?.username === body.username);
    if (refused === undefined) throw new Error('the refused sign-in was not audited');
    return refused.ipAddress;
  }

  describe('the client address (TRUST_PROXY)', () => {
    it('off: the connection address, whatever X-Forwarded-For says', async () => {
      const app = await start();
      expect(await addressSeen(app, { 'X-Forwarded-For': '203.0.113.9' })).toBe('127.0.0.1');
    });

    it('on: the hop the one proxy appended, never a spoofed left-most value', async () => {
      const app = await start({ env: { TRUST_PROXY: 'on' } });
      expect(await addressSeen(app, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' })).toBe('203.0.113.9');
      expect(await addressSeen(app, { 'X-Forwarded-For': '203.0.113.10' })).toBe('203.0.113.10');
      expect(await addressSeen(app, {})).toBe('127.0.0.1');
    });

    it('a hop count: the address that many hops from the right', async () => {
      const app = await start({ env: { TRUST_PROXY: '2' } });
      // client -> CDN (appends 203.0.113.9) -> load balancer (appends 10.0.0.2) -> us
      expect(await addressSeen(app, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 10.0.0.2' })).toBe('203.0.113.9');
      // Fewer hops than proxies: the furthest address there is.
      expect(await addressSeen(app, { 'X-Forwarded-For': '203.0.113.11' })).toBe('203.0.113.11');
    });

    it('a list of proxies: the first address from the right that is not one of them', async () => {
      const app = await start({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, 2001:db8::/32' } });
      expect(await addressSeen(app, { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 10.1.2.3, 2001:db8::7' })).toBe(
        '203.0.113.9',
      );
      expect(await addressSeen(app, { 'X-Forwarded-For': '10.9.9.9' })).toBe('10.9.9.9');
    });

    it('a list that does not name the connecting peer: its headers are not believed', async () => {
      const app = await start({ env: { TRUST_PROXY: '10.0.0.0/8' } });
      expect(await addressSeen(app, { 'X-Forwarded-For': '203.0.113.9' })).toBe('127.0.0.1');
      const response = await app.call('GET', '/api/guestbook-entries', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('an X-Forwarded-For that is not an address gives way to the connection address', async () => {
      const app = await start({ env: { TRUST_PROXY: 'on' } });
      expect(await addressSeen(app, { 'X-Forwarded-For': '203.0.113.9, <script>' })).toBe('127.0.0.1');
    });

    it('refuses a TRUST_PROXY it cannot read, naming it', () => {
      for (const value of ['maybe', '10.0.0.0/33', '300.1.1.1', '-1', '1.5', '10.0.0.0/8,,banana']) {
        expect(() => loadConfig({ TRUST_PROXY: value }, findRootDir())).toThrow(ConfigError);
        expect(() => loadConfig({ TRUST_PROXY: value }, findRootDir())).toThrow(/TRUST_PROXY/);
      }
    });
  });

  describe('the host a request is for (ADMIN_HOST)', () => {
    const admin = { Host: 'admin.localhost' };
    const login = { username: 'owner', password: OWNER_PASSWORD };

    it('does not take X-Forwarded-Host from a client to reach the admin app or API', async () => {
      const app = await start({ env: { ADMIN_HOST: 'admin.localhost', TRUST_PROXY: 'on' } });
      const forged = { Host: 'localhost', 'X-Forwarded-Host': 'admin.localhost' };
      const api = await app.call('POST', '/api/admin/login', { body: login, headers: forged, undocumented: true });
      expect([api.status, api.body]).toEqual([404, { success: false, error: 'Not found.' }]);
      const page = await app.call('GET', '/admin/login', { headers: forged, undocumented: true });
      expect(page.status).toBe(404);
      // The other way round: the admin host stays the admin host.
      const back = { ...admin, 'X-Forwarded-Host': 'localhost' };
      expect((await app.call('POST', '/api/admin/login', { body: login, headers: back })).status).toBe(200);
    });

    it('takes X-Forwarded-Host only when TRUST_FORWARDED_HOST says the proxy sets it', async () => {
      const app = await start({
        env: { ADMIN_HOST: 'admin.localhost', TRUST_PROXY: 'on', TRUST_FORWARDED_HOST: 'on' },
      });
      const proxied = { Host: 'app-upstream:3000', 'X-Forwarded-Host': 'admin.localhost' };
      expect((await app.call('POST', '/api/admin/login', { body: login, headers: proxied })).status).toBe(200);
      // A proxy that appends rather than replaces: the value it added (the last) counts.
      const appended = { Host: 'app-upstream:3000', 'X-Forwarded-Host': 'admin.localhost, public.localhost' };
      const refused = await app.call('POST', '/api/admin/login', {
        body: login,
        headers: appended,
        undocumented: true,
      });
      expect(refused.status).toBe(404);
    });

    it('takes no forwarded header from a peer that is not one of the named proxies', async () => {
      const app = await start({
        env: { ADMIN_HOST: 'admin.localhost', TRUST_PROXY: '10.0.0.0/8', TRUST_FORWARDED_HOST: 'on' },
      });
      const forged = { Host: 'localhost', 'X-Forwarded-Host': 'admin.localhost' };
      const api = await app.call('POST', '/api/admin/login', { body: login, headers: forged, undocumented: true });
      expect(api.status).toBe(404);
    });

    it('refuses TRUST_FORWARDED_HOST without TRUST_PROXY', () => {
      expect(() => loadConfig({ TRUST_FORWARDED_HOST: 'on' }, findRootDir())).toThrow(/TRUST_FORWARDED_HOST/);
    });
  });
});
