import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { SERVER_MAIN, spawnNodeProcess, startServerProcess } from './support/server-process';

/**
 * The built server reads its secrets from files, as Docker and Kubernetes mount them, and a
 * bad configuration stops it before it opens the database, with every problem in one message.
 */
describe('the server process and its configuration', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-config-process-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes ADMIN_PASSWORD and DATABASE_URL from files, without their line breaks', async () => {
    const password = 'a password read from a secret file';
    writeFileSync(join(dir, 'admin-password'), `${password}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'database-url'), `sqlite:${join(dir, 'from-file.sqlite')}\n`, { mode: 0o600 });
    const server = await startServerProcess({
      env: {
        ADMIN_PASSWORD_FILE: join(dir, 'admin-password'),
        DATABASE_URL_FILE: join(dir, 'database-url'),
      },
    });
    try {
      const response = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(response.status).toBe(200);
      expect(server.output()).toContain('created the first admin with ADMIN_PASSWORD');
      expect(server.output()).not.toContain(password);
    } finally {
      await server.stop();
    }
    // The database is the file DATABASE_URL_FILE named.
    const { createTypeOrmPersistence } = await import('@memoir/persistence-typeorm');
    const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dir, 'from-file.sqlite')}` });
    try {
      expect(await persistence.repositories.adminUsers.findByUsername('admin')).not.toBeNull();
    } finally {
      await persistence.close();
    }
  }, 30_000);

  it('refuses to start with every problem in one message, exit 1, before it opens the database', async () => {
    writeFileSync(join(dir, 'twice'), 'another-long-password\n');
    const child = spawnNodeProcess(SERVER_MAIN, {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: join(dir, 'never-made'),
        PORT: 'eighty',
        // Unreachable: a start that got as far as the database would hang here or say so.
        DATABASE_URL: 'mysql://memoir:hunter2secret@192.0.2.1:3306/memoir',
        ADMIN_PASSWORD: 'a-long-secret-password',
        ADMIN_PASSWORD_FILE: join(dir, 'twice'),
        SMTP_URL_FILE: join(dir, 'no-such-file'),
        PUBLIC_BASE_URL: 'ftp://example.com',
        BOOK_PDF_PATH: join(dir, 'no-book.pdf'),
      },
    });
    const code = await child.exited();
    const output = child.output();
    expect(code).toBe(1);
    expect(output).toBe(
      [
        'The server cannot start with this configuration:',
        '  - PORT must be a whole number from 0 to 65535 (got "eighty").',
        '  - ADMIN_PASSWORD and ADMIN_PASSWORD_FILE are both set: set one of them (the value, or the file that holds it).',
        `  - SMTP_URL_FILE names ${join(dir, 'no-such-file')}, which does not exist.`,
        '  - PUBLIC_BASE_URL must be an http(s) address such as https://memoir.example.com (got "ftp://example.com").',
        `  - BOOK_PDF_PATH must name a readable PDF file (${join(dir, 'no-book.pdf')}): no such file.`,
        'See .env.example and docs/operations.md.',
        '',
      ].join('\n'),
    );
    expect(output).not.toMatch(/hunter2secret|another-long-password/);
  }, 30_000);
});
