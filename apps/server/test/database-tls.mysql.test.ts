import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  makeTestCertificates,
  startMariaDb,
  type MariaDbServer,
  type TestCertificates,
} from '@memoir/persistence-typeorm/testing';

import { SERVER_MAIN, spawnNodeProcess, startServerProcess } from './support/server-process';

/**
 * The built server on a MariaDB that speaks TLS only, as a managed database does, with a
 * certificate from a CA made for the test: DATABASE_SSL_CA verifies it; a wrong CA stops the
 * start with a message that says what to fix.
 */
describe('the server on a MySQL that requires TLS', () => {
  let dir: string;
  let certificates: TestCertificates;
  let database: MariaDbServer;
  const url = (query = '') => `mysql://memoir:memoir@localhost:${database.port}/memoir_test${query}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-server-tls-'));
    certificates = makeTestCertificates(dir, ['localhost', '127.0.0.1']);
    copyFileSync(certificates.serverCertFile, join(dir, 'shown.pem'));
    database = await startMariaDb({
      tls: { certFile: join(dir, 'shown.pem'), keyFile: certificates.serverKeyFile, required: true },
    });
  }, 60_000);
  afterAll(async () => {
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with DATABASE_SSL_CA, the certificate verified, and serves from the database', async () => {
    const server = await startServerProcess({
      env: { DATABASE_URL: url('?ssl=true'), DATABASE_SSL_CA: certificates.caFile, DATABASE_POOL_SIZE: '4' },
    });
    try {
      const list = await fetch(`${server.url}/api/guestbook-entries`);
      expect(list.status).toBe(200);
      await server.waitFor(/"msg":"database: MySQL over TLS"/);
      expect(server.output()).toMatch(/"tls":"verified","poolSize":4,"ca":"[^"]+memoir-test-ca\.pem"/);
      expect(server.output()).not.toContain('memoir:memoir');
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('refuses to start on a certificate from another CA, exit 1, saying which setting to fix', async () => {
    const child = spawnNodeProcess(SERVER_MAIN, {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: join(dir, 'data'),
        PORT: '0',
        DATABASE_URL: url(),
        DATABASE_SSL_CA: certificates.otherCaFile,
      },
    });
    expect(await child.exited()).toBe(1);
    expect(child.output()).toMatch(
      new RegExp(
        `^The server failed to start: TLS with the MySQL server at localhost:${database.port} failed \\(.+\\): its certificate is not signed by the CA in DATABASE_SSL_CA: point DATABASE_SSL_CA at your database provider's CA certificate\\.\\n$`,
      ),
    );
  }, 30_000);
});
