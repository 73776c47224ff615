import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createTypeOrmPersistence, DatabaseUrlError, type TypeOrmPersistence } from '../src';
import { startMariaDb, type MariaDbServer } from './mariadb-server';
import { makeTestCertificates, type TestCertificates } from './tls-certificates';

/**
 * A MariaDB that, like a managed database, speaks TLS only (require_secure_transport), with a
 * certificate from a CA made for the test (openssl) for localhost and 127.0.0.1.
 */
describe('TLS to a MySQL server that requires it', () => {
  let dir: string;
  let certificates: TestCertificates;
  let server: MariaDbServer;
  let ca: string;
  let otherCa: string;
  const url = (host: string, query = '') => `mysql://memoir:memoir@${host}:${server.port}/memoir_test${query}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-tls-'));
    certificates = makeTestCertificates(dir, ['localhost', '127.0.0.1']);
    ca = readFileSync(certificates.caFile, 'utf8');
    otherCa = readFileSync(certificates.otherCaFile, 'utf8');
    // The certificate the server shows is a copy, so that a test can swap it (FLUSH SSL).
    copyFileSync(certificates.serverCertFile, join(dir, 'shown.pem'));
    server = await startMariaDb({
      tls: { certFile: join(dir, 'shown.pem'), keyFile: certificates.serverKeyFile, required: true },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The TLS version of a pooled connection: '' in clear. */
  async function tlsVersionOf(persistence: TypeOrmPersistence): Promise<string> {
    const rows = (await persistence.dataSource.query("SHOW SESSION STATUS LIKE 'Ssl_version'")) as Array<{
      Value: string;
    }>;
    return rows[0]?.Value ?? '';
  }

  async function connects(options: Parameters<typeof createTypeOrmPersistence>[0]): Promise<string> {
    const persistence = await createTypeOrmPersistence(options);
    try {
      expect(persistence.tls).not.toBe('off');
      return await tlsVersionOf(persistence);
    } finally {
      await persistence.close();
    }
  }

  it('refuses a client in clear: what follows cannot have passed without TLS', async () => {
    // MariaDB 10.11 words this refusal as a denied access.
    await expect(createTypeOrmPersistence({ databaseUrl: url('localhost') })).rejects.toThrow(/Access denied/);
  });

  it('connects and migrates with DATABASE_SSL_CA, the certificate and the host name verified', async () => {
    const persistence = await createTypeOrmPersistence({ databaseUrl: url('localhost'), mysqlSslCa: ca });
    try {
      expect(persistence.tls).toBe('verified');
      expect(await tlsVersionOf(persistence)).toMatch(/^TLSv1\.[23]$/);
      expect(await persistence.dataSource.showMigrations()).toBe(false);
    } finally {
      await persistence.close();
    }
  });

  it('by IP address, verifies the CA only (mysql2 matches a certificate with a host name alone)', async () => {
    const persistence = await createTypeOrmPersistence({ databaseUrl: url('127.0.0.1'), mysqlSslCa: ca });
    try {
      expect(persistence.tls).toBe('verified-ca-only');
      expect(await tlsVersionOf(persistence)).toMatch(/^TLSv1\.[23]$/);
    } finally {
      await persistence.close();
    }
    await expect(createTypeOrmPersistence({ databaseUrl: url('127.0.0.1'), mysqlSslCa: otherCa })).rejects.toThrow(
      /its certificate is not signed by the CA in DATABASE_SSL_CA/,
    );
  });

  it('honours ?ssl= in DATABASE_URL, true or mysql2’s JSON object, and ?ssl-mode=', async () => {
    for (const query of ['?ssl=true', '?ssl={"rejectUnauthorized":true}', '?ssl-mode=REQUIRED']) {
      expect([query, await connects({ databaseUrl: url('localhost', query), mysqlSslCa: ca })]).toEqual([
        query,
        expect.stringMatching(/^TLSv1\.[23]$/),
      ]);
    }
  });

  it('refuses a certificate from another CA, saying which setting to fix', async () => {
    await expect(createTypeOrmPersistence({ databaseUrl: url('localhost'), mysqlSslCa: otherCa })).rejects.toThrow(
      new RegExp(
        `^TLS with the MySQL server at localhost:${server.port} failed \\(.+\\): its certificate is not signed by the CA in DATABASE_SSL_CA: point DATABASE_SSL_CA at your database provider's CA certificate\\.$`,
      ),
    );
  });

  it('refuses ?ssl=true without a CA this machine trusts, pointing at DATABASE_SSL_CA', async () => {
    await expect(createTypeOrmPersistence({ databaseUrl: url('localhost', '?ssl=true') })).rejects.toThrow(
      /failed \(.+\): its certificate is not signed by a CA this machine trusts: set DATABASE_SSL_CA/,
    );
  });

  it('checks the host name: a certificate for another name is refused, unless ssl-mode=VERIFY_CA', async () => {
    // The server now shows a certificate of the right CA for elsewhere.memoir.test only.
    copyFileSync(certificates.misnamedCertFile, join(dir, 'shown.pem'));
    server.sql('FLUSH SSL');
    try {
      await expect(createTypeOrmPersistence({ databaseUrl: url('localhost'), mysqlSslCa: ca })).rejects.toThrow(
        /its certificate does not name "localhost": connect by a name the certificate carries, or use ssl-mode=VERIFY_CA/,
      );
      expect(await connects({ databaseUrl: url('localhost', '?ssl-mode=VERIFY_CA'), mysqlSslCa: ca })).toMatch(
        /^TLSv1/,
      );
    } finally {
      copyFileSync(certificates.serverCertFile, join(dir, 'shown.pem'));
      server.sql('FLUSH SSL');
    }
  });

  it('refuses a URL that turns TLS off while DATABASE_SSL_CA is set', async () => {
    await expect(
      createTypeOrmPersistence({ databaseUrl: url('localhost', '?ssl=false'), mysqlSslCa: ca }),
    ).rejects.toThrow(DatabaseUrlError);
  });
});
