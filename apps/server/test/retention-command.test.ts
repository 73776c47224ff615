import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { aScholarshipRequest, anAuditEvent } from '@memoir/domain/testing';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';

import { runCli } from '../src/cli';

const DAY = 24 * 60 * 60 * 1000;

/**
 * `pnpm admin retention` on a real SQLite file, with the date moved forward by `--as-of`: what
 * it prints, what it removes (and what a dry run leaves), and the one-line refusals.
 */
describe('pnpm admin retention', () => {
  let dataDir: string;
  let printed: string;
  const saved = { ...process.env };
  const open = (): Promise<TypeOrmPersistence> =>
    createTypeOrmPersistence({ databaseUrl: `sqlite:${join(dataDir, 'memoir.sqlite')}` });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-retention-'));
    process.env = { PATH: saved.PATH, DATA_DIR: dataDir, RETENTION_DAYS: '60', RETENTION_REJECTED_DAYS: '10' };
    printed = '';
    const keep = (chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    };
    jest.spyOn(process.stdout, 'write').mockImplementation(keep);
    jest.spyOn(process.stderr, 'write').mockImplementation(keep);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes what the periods no longer keep as of a later date, and a dry run only counts it', async () => {
    const sent = new Date('2026-01-15T10:00:00Z');
    const store = await open();
    const rejected = aScholarshipRequest({ status: 'rejected', createdAt: sent, decidedAt: sent });
    const approved = aScholarshipRequest({ status: 'approved', createdAt: sent, decidedAt: sent });
    await store.repositories.scholarshipRequests.add(rejected);
    await store.repositories.scholarshipRequests.add(approved);
    await store.repositories.auditEvents.append(anAuditEvent({ createdAt: sent }));
    await store.close();
    const outbox = join(dataDir, 'outbox');
    mkdirSync(outbox);
    writeFileSync(join(outbox, 'sent.eml'), 'To: grace@example.org\n\nYour copy\n');
    utimesSync(join(outbox, 'sent.eml'), sent, sent);

    // Five days on: nothing is old enough.
    expect(await runCli(['retention', '--as-of', '2026-01-20'])).toBe(0);
    expect(printed).toContain(
      'Retention as of 2026-01-20T00:00:00.000Z (RETENTION_DAYS=60, RETENTION_REJECTED_DAYS=10, RETENTION_SENT_EMAIL_DAYS=30):',
    );
    expect(printed).toMatch(/rejected scholarship requests deleted\s+0\n/);

    // 100 days on, a dry run: everything counted, nothing gone.
    printed = '';
    const later = new Date(sent.getTime() + 100 * DAY).toISOString();
    expect(await runCli(['retention', '--dry-run', '--as-of', later])).toBe(0);
    expect(printed).toContain('a dry run: nothing was removed');
    expect(printed).toMatch(/rejected scholarship requests deleted\s+1\n/);
    expect(printed).toMatch(/audit events without their IP address and user agent\s+1\n/);
    expect(printed).toMatch(/copies of sent emails deleted from the outbox\s+1\n/);
    expect(readdirSync(outbox)).toEqual(['sent.eml']);
    let check = await open();
    expect(await check.repositories.scholarshipRequests.findById(rejected.id)).not.toBeNull();
    await check.close();

    // The same date for real.
    printed = '';
    expect(await runCli(['retention', '--as-of', later])).toBe(0);
    expect(printed).toMatch(/rejected scholarship requests deleted\s+1\n/);
    expect(readdirSync(outbox)).toEqual([]);
    check = await open();
    try {
      expect(await check.repositories.scholarshipRequests.findById(rejected.id)).toBeNull();
      expect(await check.repositories.scholarshipRequests.findById(approved.id)).toEqual(approved);
      const [run] = await check.repositories.auditEvents.listNewestFirst({ limit: 1, filter: { action: 'retention' } });
      expect(run?.details).toMatchObject({
        rejectedRequestsDeleted: 1,
        auditEventsPseudonymised: 1,
        sentEmailsDeleted: 1,
      });
      // Counts only: nothing in the trail names what went.
      expect(JSON.stringify(run)).not.toMatch(/grace|example\.org/i);
    } finally {
      await check.close();
    }
  });

  it('refuses a date it cannot read and an unknown option, in one line, exit 2', async () => {
    expect(await runCli(['retention', '--as-of', 'next tuesday'])).toBe(2);
    expect(printed.split('\n')[0]).toBe(
      '--as-of must be a date such as 2026-12-31 or 2026-12-31T12:00:00Z (got "next tuesday").',
    );
    printed = '';
    expect(await runCli(['retention', '--everything'])).toBe(2);
    expect(printed.split('\n')[0]).toMatch(/Unknown option '--everything'/);
  });
});
