import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { SERVER_MAIN, startServerProcess, type ServerProcess } from './support/server-process';

const CLI = join(dirname(SERVER_MAIN), 'cli.js');
const ROOT = join(__dirname, '..', '..', '..');
const run = promisify(execFile);

/** `pnpm admin <args>` as an operator runs it, with DATA_DIR as the only setting. */
async function admin(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      cwd: ROOT,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

async function entryMessages(dataDir: string): Promise<string[]> {
  const persistence = await createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dataDir, 'memoir.sqlite')}` });
  try {
    return (await persistence.repositories.guestbookEntries.listAll()).map((entry) => entry.message).sort();
  } finally {
    await persistence.close();
  }
}

describe('pnpm admin backup and restore, beside a running server', () => {
  let server: ServerProcess;
  let dir: string;

  beforeAll(async () => {
    server = await startServerProcess({ env: { RIDDLE_GUESTBOOK_ANSWER: 'network', FORM_RATE_LIMIT: '100000/1m' } });
    dir = mkdtempSync(join(tmpdir(), 'memoir-backups-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while visitors sign, and restores into a new data folder with every row as it was', async () => {
    let signing = true;
    let signed = 0;
    const visitors = (async () => {
      while (signing) {
        const response = await fetch(`${server.url}/api/guestbook-entry`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: 'Visitor',
            message: `Signed during the backup ${signed}`,
            riddleAnswer: 'network',
          }),
        });
        expect(response.status).toBe(201);
        signed += 1;
      }
    })();
    while (signed < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = join(dir, 'memoir-backup.sqlite');
    const backup = await admin(server.dataDir, 'backup', file);
    signing = false;
    await visitors;
    expect(backup).toEqual({ code: 0, out: expect.stringContaining(`Backed up the SQLite database to ${file}`) });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restoredDir = mkdtempSync(join(dir, 'restored-'));
    const restore = await admin(restoredDir, 'restore', file);
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/^Loaded .*: admin_users 1, .*guestbook_entries \d+/);
    const restored = await entryMessages(restoredDir);
    const now = await entryMessages(server.dataDir);
    expect(restored.length).toBeGreaterThanOrEqual(20);
    expect(restored.length).toBeLessThanOrEqual(now.length);
    // Every entry of the copy is one the site holds, and the copy is the site at one instant:
    // the first n of the visitors' entries, none missing in between.
    expect(now).toEqual(expect.arrayContaining(restored));
    const numbers = restored.map((message) => Number(/(\d+)$/.exec(message)?.[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_n, index) => index));
  }, 30_000);

  it('exports and imports, and refuses what would lose or mix data, with a sentence that says why', async () => {
    const file = join(dir, 'memoir.jsonl');
    expect((await admin(server.dataDir, 'export', file)).out).toMatch(/^Exported to .*memoir\.jsonl: admin_users 1/);
    expect(await admin(server.dataDir, 'export', file)).toEqual({
      code: 1,
      out: `${file} already exists: choose another name (a backup never overwrites a file).\n`,
    });
    const into = mkdtempSync(join(dir, 'import-'));
    expect((await admin(into, 'import', file)).code).toBe(0);
    expect(await admin(into, 'import', file)).toEqual({
      code: 1,
      out: expect.stringContaining('The database is not empty (1 in admin_users'),
    });
    const sqliteBackup = join(dir, 'other.sqlite');
    await admin(server.dataDir, 'backup', sqliteBackup);
    expect((await admin(mkdtempSync(join(dir, 'x-')), 'import', sqliteBackup)).out).toContain(
      'is an SQLite backup, not an export: load it with `pnpm admin restore',
    );
    expect(await admin(into, 'restore', join(dir, 'missing.sqlite'))).toEqual({
      code: 1,
      out: `${join(dir, 'missing.sqlite')} does not exist, or its folder does not.\n`,
    });
  }, 30_000);
});
