import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { findRootDir } from '../src/config';

const MAIN = join(findRootDir(), 'apps', 'server', 'dist', 'src', 'main.js');

/**
 * The real server process, as `pnpm start` runs it: a fresh data folder, the generated admin
 * password, and a SIGTERM that arrives while a request is in flight.
 */
describe('the server process', () => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let baseUrl = '';
  let exited: Promise<number | null>;

  const waitForOutput = (pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(match);
        }
      };
      const poll = setInterval(check, 20);
      const timer = setTimeout(() => {
        clearInterval(poll);
        reject(new Error(`the server never printed ${pattern}; it printed:\n${output}`));
      }, timeoutMs);
      check();
    });

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (pnpm test builds before testing).`);
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-process-'));
    child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    baseUrl = (await waitForOutput(/Open (http:\/\/127\.0\.0\.1:\d+)\//))[1] ?? '';
  }, 30_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin with a generated password in a file only its owner can read', () => {
    const file = join(dataDir, 'initial-admin-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(output).toContain('/admin/login as "admin" with the password in');
    expect(output).not.toContain(readFileSync(file, 'utf8').trim());
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
    await waitForOutput(/"path":"\/api\/admin\/me"/);
    expect(output).not.toContain(password);
    expect(output).not.toContain(sessionToken);
  });

  it('finishes a request in flight when told to stop, keeps its write, and exits 0', async () => {
    const body = JSON.stringify({
      name: 'Last Visitor',
      message: 'Signed while the server stopped',
      riddleAnswer: 'network',
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${baseUrl}/api/guestbook-entry`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      // "100 Continue" means the server has the request in hand. Stop it now, and send the
      // body only once it has begun shutting down.
      req.on('continue', () => {
        child.kill('SIGTERM');
        waitForOutput(/shutting down/)
          .then(() => req.end(body))
          .catch(reject);
      });
      req.flushHeaders();
    });

    const response = await answered;
    expect(response).toEqual({ status: 201, body: '{"success":true}' });
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');

    const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dataDir, 'memoir.sqlite')}` });
    try {
      const entries = await persistence.repositories.guestbookEntries.listAll();
      expect(entries.map((entry) => entry.name)).toEqual(['Last Visitor']);
    } finally {
      await persistence.close();
    }
  }, 20_000);
});
