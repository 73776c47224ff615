import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { aGuestbookEntry } from '@memoir/domain/testing';
import {
  ADMIN_NOTES_MAX_LENGTH,
  ADMIN_USERNAME_MAX_LENGTH,
  AUDIT_USER_AGENT_MAX_LENGTH,
  DELIVERY_ERROR_MAX_LENGTH,
  GUESTBOOK_LIMITS,
  IP_ADDRESS_MAX_LENGTH,
  SCHOLARSHIP_LIMITS,
} from '@memoir/shared';

import {
  createTypeOrmPersistence,
  DatabaseUrlError,
  mysqlTls,
  parseDatabaseUrl,
  type LooseFileMode,
  type TypeOrmPersistence,
} from '../src';
import { expectNoPendingSchemaChanges, SQLITE_SEARCH_TABLES, TABLES } from './schema';

describe('SQLite data source', () => {
  let dir: string;
  let persistence: TypeOrmPersistence | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-sqlite-'));
  });
  afterEach(async () => {
    await persistence?.close();
    persistence = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file and its missing folders, and migrates from empty', async () => {
    const file = join(dir, 'nested', 'deeper', 'memoir.sqlite');
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${file}` });
    expect(existsSync(file)).toBe(true);
    const tables = (await persistence.dataSource.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )) as Array<{ name: string }>;
    expect(tables.map((table) => table.name)).toEqual([...TABLES, ...SQLITE_SEARCH_TABLES].sort());
  });

  it('creates its folders 0700 and the database, -wal and -shm files 0600, whatever the umask', async () => {
    const file = join(dir, 'nested', 'memoir.sqlite');
    const previous = process.umask(0);
    try {
      persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${file}` });
    } finally {
      process.umask(previous);
    }
    await persistence.repositories.guestbookEntries.add(aGuestbookEntry());
    const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(readdirSync(join(dir, 'nested')).sort()).toEqual([
      'memoir.sqlite',
      'memoir.sqlite-shm',
      'memoir.sqlite-wal',
    ]);
    expect(['', '-shm', '-wal'].map((suffix) => modeOf(`${file}${suffix}`))).toEqual(['600', '600', '600']);
    expect(modeOf(join(dir, 'nested'))).toBe('700');
  });

  it('makes a database file others could read its owner’s alone, and says which', async () => {
    const file = join(dir, 'memoir.sqlite');
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${file}` });
    await persistence.close();
    chmodSync(file, 0o644);
    const loose: LooseFileMode[] = [];
    persistence = await createTypeOrmPersistence({
      databaseUrl: `sqlite:${file}`,
      onLooseFileMode: (found) => void loose.push(found),
    });
    expect(loose).toEqual([{ path: file, mode: 0o644, tightened: true }]);
    await persistence.repositories.guestbookEntries.add(aGuestbookEntry());
    for (const suffix of ['', '-shm', '-wal']) expect(statSync(`${file}${suffix}`).mode & 0o777).toBe(0o600);
  });

  it('produces by migration exactly the schema the entities describe', async () => {
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'memoir.sqlite')}` });
    await expectNoPendingSchemaChanges(persistence);
  });

  it('migrates every column of what people write to the length of its @memoir/shared limit', async () => {
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'memoir.sqlite')}` });
    const limits: ReadonlyArray<readonly [table: string, column: string, limit: number]> = [
      ['guestbook_entries', 'name', GUESTBOOK_LIMITS.nameMaxLength],
      ['guestbook_entries', 'location', GUESTBOOK_LIMITS.locationMaxLength],
      ['guestbook_entries', 'message', GUESTBOOK_LIMITS.messageMaxLength],
      ['guestbook_entries', 'admin_notes', ADMIN_NOTES_MAX_LENGTH],
      ['scholarship_requests', 'name', SCHOLARSHIP_LIMITS.nameMaxLength],
      ['scholarship_requests', 'email', SCHOLARSHIP_LIMITS.emailMaxLength],
      ['scholarship_requests', 'message', SCHOLARSHIP_LIMITS.messageMaxLength],
      ['scholarship_requests', 'admin_notes', ADMIN_NOTES_MAX_LENGTH],
      ['admin_users', 'username', ADMIN_USERNAME_MAX_LENGTH],
      ['audit_events', 'ip_address', IP_ADDRESS_MAX_LENGTH],
      ['audit_events', 'user_agent', AUDIT_USER_AGENT_MAX_LENGTH],
      ['deliveries', 'last_error', DELIVERY_ERROR_MAX_LENGTH],
    ];
    const migrated: string[] = [];
    for (const table of new Set(limits.map(([name]) => name))) {
      const columns = (await persistence.dataSource.query(`PRAGMA table_info("${table}")`)) as Array<{
        name: string;
        type: string;
      }>;
      migrated.push(...columns.map((column) => `${table}.${column.name} ${column.type}`));
    }
    expect(migrated).toEqual(
      expect.arrayContaining(limits.map(([table, column, limit]) => `${table}.${column} varchar(${limit})`)),
    );
  });

  it('runs each migration once: a second start finds nothing to do and keeps the data', async () => {
    const databaseUrl = `sqlite:${join(dir, 'memoir.sqlite')}`;
    persistence = await createTypeOrmPersistence({ databaseUrl });
    const entry = aGuestbookEntry();
    await persistence.repositories.guestbookEntries.add(entry);
    await persistence.close();

    persistence = await createTypeOrmPersistence({ databaseUrl });
    expect(await persistence.dataSource.showMigrations()).toBe(false);
    expect(await persistence.repositories.guestbookEntries.findById(entry.id)).toEqual(entry);
  });

  it('is set up for a server: WAL, a busy timeout, foreign keys on', async () => {
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'memoir.sqlite')}` });
    const pragma = async (name: string) =>
      Object.values(((await persistence?.dataSource.query(`PRAGMA ${name}`)) as object[])[0] ?? {})[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('stores times as UTC text with milliseconds', async () => {
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'memoir.sqlite')}` });
    const entry = aGuestbookEntry({ createdAt: new Date('2026-03-04T05:06:07.891Z') });
    await persistence.repositories.guestbookEntries.add(entry);
    const [row] = (await persistence.dataSource.query('SELECT created_at FROM guestbook_entries')) as Array<{
      created_at: string;
    }>;
    expect(row?.created_at).toBe('2026-03-04 05:06:07.891');
  });

  it('refuses a write that breaks a foreign key', async () => {
    persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'memoir.sqlite')}` });
    await expect(
      persistence.dataSource.query(
        "INSERT INTO admin_sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at) VALUES ('s', 'no-such-user', 'h', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')",
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe('parseDatabaseUrl', () => {
  it('resolves sqlite: paths against the base folder', () => {
    expect(parseDatabaseUrl('sqlite:./data/memoir.sqlite', '/srv/app')).toEqual({
      kind: 'sqlite',
      path: '/srv/app/data/memoir.sqlite',
    });
    expect(parseDatabaseUrl('sqlite:/var/lib/memoir.sqlite', '/srv/app')).toEqual({
      kind: 'sqlite',
      path: '/var/lib/memoir.sqlite',
    });
    expect(parseDatabaseUrl('sqlite:///var/lib/memoir.sqlite', '/srv/app')).toEqual({
      kind: 'sqlite',
      path: '/var/lib/memoir.sqlite',
    });
  });

  it('accepts mysql:// URLs that name a database, their parts decoded', () => {
    expect(parseDatabaseUrl('mysql://u:p@db.internal:3306/memoir')).toEqual({
      kind: 'mysql',
      host: 'db.internal',
      port: 3306,
      user: 'u',
      password: 'p',
      database: 'memoir',
      tls: null,
    });
    expect(parseDatabaseUrl('mariadb://me:p%40ss%2Fword@[::1]/memoir')).toMatchObject({
      host: '::1',
      port: 3306,
      user: 'me',
      password: 'p@ss/word',
    });
  });

  it('reads TLS from ?ssl= (a word or mysql2’s JSON object) and ?ssl-mode=, verification on unless turned off', () => {
    const tlsOf = (query: string) => {
      const target = parseDatabaseUrl(`mysql://u:p@db.example.com/memoir${query}`);
      return target.kind === 'mysql' ? target.tls : 'not mysql';
    };
    const verified = { rejectUnauthorized: true, verifyIdentity: true };
    expect(tlsOf('?ssl=true')).toEqual(verified);
    expect(tlsOf('?ssl=1')).toEqual(verified);
    expect(tlsOf('?ssl=false')).toBe('off');
    expect(tlsOf('?ssl={"rejectUnauthorized":true}')).toEqual(verified);
    expect(tlsOf('?ssl={"minVersion":"TLSv1.3"}')).toEqual({ ...verified, minVersion: 'TLSv1.3' });
    expect(tlsOf('?ssl={"rejectUnauthorized":false}')).toEqual({ rejectUnauthorized: false, verifyIdentity: true });
    expect(tlsOf('?ssl-mode=REQUIRED')).toEqual(verified);
    expect(tlsOf('?ssl-mode=verify_identity')).toEqual(verified);
    expect(tlsOf('?ssl-mode=VERIFY_CA')).toEqual({ rejectUnauthorized: true, verifyIdentity: false });
    expect(tlsOf('?ssl-mode=DISABLED')).toBe('off');
  });

  it('refuses TLS settings it cannot honour, and any parameter it does not read, saying what it reads', () => {
    const problem = (query: string) => {
      try {
        parseDatabaseUrl(`mysql://u:hunter2secret@db.example.com/memoir${query}`);
      } catch (error) {
        expect(error).toBeInstanceOf(DatabaseUrlError);
        expect((error as Error).message).not.toContain('hunter2secret');
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(problem('?ssl-mode=PREFERRED')).toMatch(/PREFERRED, which falls back to clear text/);
    expect(problem('?ssl-mode=sometimes')).toMatch(/REQUIRED, VERIFY_CA, VERIFY_IDENTITY or DISABLED/);
    expect(problem('?ssl=maybe')).toMatch(/use ssl=true .* ssl=false, or a JSON object/);
    expect(problem('?ssl={"ca":"-----BEGIN CERTIFICATE-----"}')).toMatch(/name it with DATABASE_SSL_CA/);
    expect(problem('?ssl={"cert":"x"}')).toMatch(/"cert" the server does not read/);
    expect(problem('?ssl=true&ssl-mode=REQUIRED')).toBe('DATABASE_URL has both ssl and ssl-mode: keep one.');
    expect(problem('?charset=utf8mb4')).toBe(
      'DATABASE_URL has a parameter the server does not read ("charset"): only ssl and ssl-mode are read.',
    );
  });

  it('adds DATABASE_SSL_CA to the URL’s TLS, turning it on when the URL says nothing, and refuses a URL that turns it off', () => {
    const mysql = (query: string) => {
      const target = parseDatabaseUrl(`mysql://u:p@db.example.com/memoir${query}`);
      if (target.kind !== 'mysql') throw new Error('not mysql');
      return target;
    };
    expect(mysqlTls(mysql(''), null)).toBeNull();
    expect(mysqlTls(mysql(''), 'PEM')).toEqual({ rejectUnauthorized: true, verifyIdentity: true, ca: 'PEM' });
    expect(mysqlTls(mysql('?ssl-mode=VERIFY_CA'), 'PEM')).toEqual({
      rejectUnauthorized: true,
      verifyIdentity: false,
      ca: 'PEM',
    });
    expect(() => mysqlTls(mysql('?ssl=false'), 'PEM')).toThrow(/turns TLS off .* while DATABASE_SSL_CA is set/);
  });

  it('refuses anything else without repeating the URL (it may hold a password)', () => {
    for (const url of ['postgres://u:secret@h/db', 'mysql://u:secret@h:3306', 'sqlite:', 'secret']) {
      expect(() => parseDatabaseUrl(url)).toThrow(/DATABASE_URL/);
      try {
        parseDatabaseUrl(url);
      } catch (error) {
        expect((error as Error).message).not.toContain('secret');
      }
    }
  });
});
