import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { postHeld, startServerProcess, type ServerProcess } from './support/server-process';

/**
 * The real server process, as `pnpm start` runs it: a fresh data folder, the generated admin
 * password, and a SIGTERM that arrives while a request is in flight.
 */
describe('the server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  let baseUrl = '';
  let output = () => '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-process-'));
    server = await startServerProcess({ dataDir });
    baseUrl = server.url;
    output = () => server.output();
  }, 30_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin with a generated password in a file only its owner can read', () => {
    const file = join(dataDir, 'initial-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(output()).toContain('/admin/login as "admin" with the password in');
    expect(output()).not.toContain(readFileSync(file, 'utf8').trim());
  });

  it('signs the owner in with that password, and logs neither the password nor the token', async () => {
    const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
    const response = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(response.status).toBe(200);
    const { user, sessionToken } = (await response.json()) as { user: { username: string }; sessionToken: string };
    expect(user.username).toBe('admin');
    const me = await fetch(`${baseUrl}/api/admin/me`, { headers: { Authorization: `Bearer ${sessionToken}` } });
    expect(me.status).toBe(200);
    await server.waitFor(/"path":"\/api\/admin\/me"/);
    expect(output()).not.toContain(password);
    expect(output()).not.toContain(sessionToken);
  });

  it('finishes a request in flight when told to stop, keeps its write, and exits 0', async () => {
    const body = JSON.stringify({
      name: 'Last Visitor',
      message: 'Signed while the server stopped',
      riddleAnswer: 'network',
    });
    let stopped: Promise<number | null> = Promise.resolve(null);
    // "100 Continue" means the server has the request in hand. Stop it now, and send the
    // body only once it has begun shutting down.
    const answered = postHeld(`${baseUrl}/api/guestbook-entry`, body, (send) => {
      stopped = server.stop();
      void server.waitFor(/shutting down/).then(send);
    });

    const response = await answered;
    expect(response).toEqual({ status: 201, body: '{"success":true}' });
    expect(await stopped).toBe(0);
    expect(output()).toContain('"msg":"stopped"');

    const persistence = await createTypeOrmPersistence({ databaseUrl: server.databaseUrl });
    try {
      const entries = await persistence.repositories.guestbookEntries.listAll();
      expect(entries.map((entry) => entry.name)).toEqual(['Last Visitor']);
    } finally {
      await persistence.close();
    }
  }, 20_000);
});
