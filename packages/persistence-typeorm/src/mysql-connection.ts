import { isIP } from 'node:net';

import type { Connection as MysqlConnection } from 'mysql2/promise';

import type { MysqlConnectionTarget, MysqlTls } from './database-url';
import type { DatabaseTls } from './persistence-options';

/** Reaching MySQL: TLS for the host, the driver's errors in words, the server's flavour. */

/** A MySQL target with the TLS it is reached over (null: in clear). */
export interface MysqlEndpoint extends MysqlConnectionTarget {
  readonly ssl: MysqlTls | null;
}

/**
 * mysql2 checks the host name only for a host given by name: for an IP address it would compare
 * the certificate with "localhost" and refuse a right one. There the CA alone is checked.
 */
export function forHost(host: string, ssl: MysqlTls | null): MysqlTls | null {
  return ssl !== null && ssl.verifyIdentity && isIP(host) !== 0 ? { ...ssl, verifyIdentity: false } : ssl;
}

export function describeTls(ssl: MysqlTls | null): DatabaseTls {
  if (ssl === null) return 'off';
  if (!ssl.rejectUnauthorized) return 'unverified';
  return ssl.verifyIdentity ? 'verified' : 'verified-ca-only';
}

/** mysql2's `ssl` option: a fresh object per call, as mysql2 writes into the one it is given. */
export function mysql2Ssl(ssl: MysqlTls | null): Record<string, unknown> | undefined {
  return ssl === null ? undefined : { ...ssl };
}

/**
 * A failed connection, said so that an operator knows what to change: TLS problems name the
 * certificate check that failed and the setting to look at. The driver's error is the cause.
 */
export function connectionError(error: unknown, endpoint: MysqlEndpoint, hasCa: boolean): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const where = `the MySQL server at ${endpoint.host}:${endpoint.port}`;
  const reason = typeof message === 'string' ? message : String(error);
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    return new Error(`${where} does not offer TLS, which DATABASE_URL or DATABASE_SSL_CA asks for.`, { cause: error });
  }
  if (code !== 'HANDSHAKE_SSL_ERROR') return error;
  const tlsCode = (error as { cause?: { code?: unknown } }).cause?.code;
  const hint = /altname|Hostname\/IP does not match/i.test(`${reason} ${String(tlsCode)}`)
    ? `its certificate does not name "${endpoint.host}": connect by a name the certificate carries, or use ssl-mode=VERIFY_CA to check the CA only`
    : hasCa
      ? "its certificate is not signed by the CA in DATABASE_SSL_CA: point DATABASE_SSL_CA at your database provider's CA certificate"
      : "its certificate is not signed by a CA this machine trusts: set DATABASE_SSL_CA to your database provider's CA certificate";
  return new Error(`TLS with ${where} failed (${reason}): ${hint}.`, { cause: error });
}

/** One connection of its own, outside TypeORM's pool: for the flavour check and the migration lock. */
export async function openMysqlConnection(endpoint: MysqlEndpoint, connectTimeoutMs: number): Promise<MysqlConnection> {
  const { createConnection } = await import('mysql2/promise');
  return createConnection({
    host: endpoint.host,
    port: endpoint.port,
    user: endpoint.user,
    password: endpoint.password,
    database: endpoint.database,
    ssl: mysql2Ssl(endpoint.ssl),
    connectTimeout: connectTimeoutMs,
  });
}

/**
 * MySQL and MariaDB speak the same protocol but describe their schemas differently (MariaDB
 * reports a nullable column's default as the text 'NULL'); TypeORM reads each correctly only
 * when told which it is. `mysql://` serves both, so we ask the server.
 */
export async function detectMysqlFlavor(connection: MysqlConnection): Promise<'mysql' | 'mariadb'> {
  const [rows] = await connection.query('SELECT VERSION() AS version');
  const version = String((rows as Array<{ version?: unknown }>)[0]?.version ?? '');
  return /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}
