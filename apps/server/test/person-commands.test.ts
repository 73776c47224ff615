import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { aDelivery, aScholarshipRequest, anAuditEvent, aUuid } from '@memoir/domain/testing';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import { runCli } from '../src/cli';

/** `pnpm admin export-person` and `pnpm admin erase` on a real SQLite file. */
describe('pnpm admin export-person and erase', () => {
  let dataDir: string;
  let printed: string;
  const saved = { ...process.env };
  const databaseUrl = () => `sqlite:${join(dataDir, 'memoir.sqlite')}`;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'memoir-person-'));
    process.env = { PATH: saved.PATH, DATA_DIR: dataDir };
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

  it('exports what is held about a person as JSON, then erases it, and the export is empty after', async () => {
    const store = await createTypeOrmPersistence({ databaseUrl: databaseUrl() });
    const request = aScholarshipRequest({
      name: 'Grace Hopper',
      email: 'grace@example.org',
      status: 'approved',
      decidedAt: new Date('2026-01-11T00:00:00Z'),
      adminNotes: 'Grace is a student',
    });
    await store.repositories.scholarshipRequests.add(request);
    await store.repositories.deliveries.add(aDelivery({ requestId: request.id, status: 'sent', downloadCount: 2 }));
    await store.repositories.auditEvents.append(
      anAuditEvent({
        resourceType: 'scholarship_request',
        resourceId: request.id,
        details: { adminNotes: 'Grace is a student' },
      }),
    );
    await store.close();

    expect(await runCli(['export-person', '--email', 'GRACE@example.org'])).toBe(0);
    const exported = JSON.parse(printed) as Record<string, Array<Record<string, unknown>>>;
    expect(exported.scholarshipRequests).toEqual([
      expect.objectContaining({ id: request.id, name: 'Grace Hopper', email: 'grace@example.org', status: 'approved' }),
    ]);
    expect(exported.emails).toEqual([expect.objectContaining({ requestId: request.id, downloadCount: 2 })]);
    expect(exported.auditEvents).toEqual([expect.objectContaining({ details: { adminNotes: 'Grace is a student' } })]);

    printed = '';
    expect(await runCli(['erase', '--email', 'grace@example.org'])).toBe(0);
    expect(printed).toMatch(/^Erased grace@example\.org:\n/);
    expect(printed).toMatch(/scholarship requests without name, address and message\s+1\n/);

    printed = '';
    expect(await runCli(['export-person', '--email', 'grace@example.org'])).toBe(0);
    expect(JSON.parse(printed)).toMatchObject({ scholarshipRequests: [], emails: [], auditEvents: [] });
  });

  it('erases a person who only claimed the crackme prize, and says so', async () => {
    const store = await createTypeOrmPersistence({ databaseUrl: databaseUrl() });
    await store.repositories.crackmeClaims.addOnce({
      id: aUuid(),
      name: 'Linus',
      email: 'linus@example.org',
      createdAt: new Date('2026-01-11T00:00:00Z'),
      prizeSentAt: null,
    });
    await store.close();
    expect(await runCli(['erase', '--email', 'linus@example.org'])).toBe(0);
    expect(printed).toMatch(/^Erased linus@example\.org:\n/);
    expect(printed).toMatch(/crackme prize claims without name and address\s+1\n/);
  });

  it("exports and erases an address's suppression", async () => {
    const store = await createTypeOrmPersistence({ databaseUrl: databaseUrl() });
    const at = new Date('2026-01-12T00:00:00.000Z');
    await store.repositories.suppressions.suppress({ email: 'mistyped@example.org', reason: 'bounce', at });
    await store.close();
    expect(await runCli(['export-person', '--email', 'Mistyped@example.org'])).toBe(0);
    expect(JSON.parse(printed)).toMatchObject({ suppression: { reason: 'bounce', at: at.toISOString() } });
    printed = '';
    expect(await runCli(['erase', '--email', 'mistyped@example.org'])).toBe(0);
    expect(printed).toMatch(/suppression of the address \(a bounce or a complaint\) lifted\s+1\n/);
    printed = '';
    expect(await runCli(['export-person', '--email', 'mistyped@example.org'])).toBe(0);
    expect(JSON.parse(printed)).toMatchObject({ suppression: null });
  });

  it('refuses a missing or malformed address in one line', async () => {
    expect(await runCli(['erase'])).toBe(2);
    expect(printed.split('\n')[0]).toBe('Give the address: --email <address>.');
    printed = '';
    expect(await runCli(['export-person', '--email', 'nobody'])).toBe(1);
    expect(printed.split('\n')[0]).toMatch(/email/i);
  });
});
