import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { startServerProcess, type ServerProcess } from './support/server-process';

/** Every folder and file under `root` (itself included), each with its permission bits, e.g. `outbox/ 700`. */
function modesUnder(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    const name = relative(root, path) || '.';
    found.push(`${name}${stat.isDirectory() ? '/' : ''} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path).sort()) visit(join(path, entry));
  };
  visit(root);
  return found;
}

/** The entries that are not their owner's alone: folders other than 0700, files other than 0600. */
const notPrivate = (modes: readonly string[]): string[] =>
  modes.filter((line) => {
    const [name = '', mode] = line.split(' ');
    return mode !== (name.endsWith('/') ? '700' : '600');
  });

/**
 * The server's files hold the book's readers' details, the admin password and working download
 * links: whatever the umask, each is its owner's alone. The built server runs with umask 0 (the
 * worst), makes its data folder, first-run password, SQLite files and an outbox email; then a
 * second start finds everything loosened and tightens it, saying so.
 */
describe('the data folder’s permissions', () => {
  let parent: string;
  let dataDir: string;
  let server: ServerProcess | undefined;

  /** The built server, started with umask 0 so that nothing is private by accident. */
  async function start(): Promise<ServerProcess> {
    const previous = process.umask(0);
    let starting: Promise<ServerProcess>;
    try {
      // The child is spawned before the first await: it inherits umask 0.
      starting = startServerProcess({ dataDir, env: { DELIVERY_POLL_INTERVAL: '100ms' } });
    } finally {
      process.umask(previous);
    }
    server = await starting;
    return server;
  }

  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'memoir-modes-'));
    dataDir = join(parent, 'data'); // the server makes it
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('makes every folder 0700 and every file 0600 on a first start and an outbox email, under umask 0', async () => {
    const running = await start();
    const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
    const json = { 'Content-Type': 'application/json' };
    const login = await fetch(`${running.url}/api/admin/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'admin', password }),
    });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const submitted = await fetch(`${running.url}/api/scholarship-request`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.org', riddleAnswer: 'kernel' }),
    });
    expect(submitted.status).toBe(201);
    const auth = { Authorization: `Bearer ${sessionToken}` };
    const list = (await (await fetch(`${running.url}/api/admin/scholarships`, { headers: auth })).json()) as {
      requests: Array<{ id: string }>;
    };
    const decided = await fetch(`${running.url}/api/admin/scholarships/${list.requests[0]?.id ?? ''}`, {
      method: 'PATCH',
      headers: { ...json, ...auth },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(decided.status).toBe(200);
    await running.waitFor(/email written to the outbox/);

    const modes = modesUnder(dataDir);
    // Not a vacuous walk: each kind of file the server writes is there.
    expect(modes.map((line) => line.replace(/\d{4}-\d{2}-\d{2}T[\w-]+\.eml/, '<email>.eml').split(' ')[0])).toEqual([
      './',
      'initial-admin-password',
      'memoir.sqlite',
      'memoir.sqlite-shm',
      'memoir.sqlite-wal',
      'outbox/',
      'outbox/<email>.eml',
    ]);
    expect(notPrivate(modes)).toEqual([]);
  }, 30_000);

  it('tightens a data folder found readable by others at start, and logs what it changed', async () => {
    expect(await server?.stop()).toBe(0);
    server = undefined;
    for (const line of modesUnder(dataDir)) {
      const [name = '.'] = line.split(' ');
      chmodSync(join(dataDir, name), name.endsWith('/') ? 0o755 : 0o644);
    }
    writeFileSync(join(dataDir, 'backup.sqlite'), 'an old copy', { mode: 0o666 });
    chmodSync(join(dataDir, 'backup.sqlite'), 0o666);

    const running = await start();
    const modes = modesUnder(dataDir);
    expect(modes).toContain('backup.sqlite 600');
    expect(notPrivate(modes)).toEqual([]);
    await running.waitFor(/tightened/);
    const warning = running
      .output()
      .split('\n')
      .find((line) => line.includes('tightened'));
    expect(warning).toContain('"level":40');
    for (const name of ['backup.sqlite', 'memoir.sqlite', 'initial-admin-password', 'outbox']) {
      expect(warning).toContain(name);
    }
  }, 30_000);
});
