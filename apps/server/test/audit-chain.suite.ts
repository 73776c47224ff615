import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { anAuditEvent } from '@memoir/domain/testing';
import { createTypeOrmPersistence, type TypeOrmPersistence } from '@memoir/persistence-typeorm';

import { runCli } from '../src/cli';

export interface ChainDatabase {
  readonly url: string;
  readonly dataDir: string;
  dispose(): Promise<void>;
}

const EVENTS = 5;
const PER_PROCESS = 60;

/**
 * Appends from `count` events, `concurrency` at a time, through the built persistence package:
 * a real process of its own, as a second server would be.
 */
const APPENDER = `
const { createTypeOrmPersistence } = require('@memoir/persistence-typeorm');
const { randomUUID } = require('node:crypto');
(async () => {
  const [url, count, label] = process.argv.slice(1);
  const persistence = await createTypeOrmPersistence({ databaseUrl: url, migrate: false });
  let next = 0;
  const worker = async () => {
    while (next < Number(count)) {
      const n = next++;
      await persistence.repositories.auditEvents.append({
        id: randomUUID(), action: 'login_failed', resourceType: 'admin_session', resourceId: null, userId: null,
        details: { process: label, n }, ipAddress: '203.0.113.' + (n % 250), userAgent: 'appender ' + label,
        createdAt: new Date(),
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await persistence.close();
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

async function appendFromProcess(url: string, count: number, label: string): Promise<number | null> {
  const child = spawn(process.execPath, ['-e', APPENDER, url, String(count), label], {
    cwd: join(__dirname, '..'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

/**
 * `pnpm admin audit-verify` on a real database: an intact chain passes with its count; a row
 * edited or deleted behind the application's back fails at that row; appends from two processes
 * at once keep one chain.
 */
export function describeAuditChain(name: string, database: () => Promise<ChainDatabase>): void {
  describe(`the audit trail's hash chain on ${name}`, () => {
    let db: ChainDatabase;
    let persistence: TypeOrmPersistence;
    let printed: string;
    const saved = { ...process.env };
    const q = (identifier: string) => (persistence.dialect.kind === 'sqlite' ? `"${identifier}"` : `\`${identifier}\``);

    beforeAll(async () => {
      db = await database();
      persistence = await createTypeOrmPersistence({ databaseUrl: db.url });
    }, 60_000);
    afterAll(async () => {
      await persistence.close();
      await db.dispose();
    });

    beforeEach(async () => {
      await persistence.dataSource.query(`DELETE FROM ${q('audit_events')}`);
      await persistence.dataSource.query(
        `UPDATE ${q('audit_chain_head')} SET ${q('seq')} = 0, ${q('hash')} = '${'0'.repeat(64)}'`,
      );
      process.env = { PATH: saved.PATH, DATA_DIR: db.dataDir, DATABASE_URL: db.url };
      printed = '';
      const capture = (chunk: string | Uint8Array) => {
        printed += String(chunk);
        return true;
      };
      jest.spyOn(process.stdout, 'write').mockImplementation(capture);
      jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    });
    afterEach(() => {
      jest.restoreAllMocks();
      process.env = saved;
    });

    /** Five events through the application; returns the id at each position (1-based). */
    async function appendFive(): Promise<string[]> {
      const ids: string[] = [];
      for (let n = 1; n <= EVENTS; n += 1) {
        const event = anAuditEvent({ details: { n }, ipAddress: `198.51.100.${n}`, userAgent: 'Mozilla/5.0' });
        await persistence.repositories.auditEvents.append(event);
        ids.push(event.id);
      }
      return ids;
    }

    it('passes an intact chain with its count, a tally, retention and an erasure included', async () => {
      await appendFive();
      const firstResource = (await persistence.repositories.auditEvents.readChain(0, 1))[0]?.resourceId ?? '';
      await persistence.repositories.auditEvents.appendOrCount(
        anAuditEvent({ details: { refusals: 1 } }),
        'k',
        'refusals',
      );
      await persistence.repositories.auditEvents.appendOrCount(
        anAuditEvent({ details: { refusals: 1 } }),
        'k',
        'refusals',
      );
      // What data retention will do: the address, user agent and salt erased, the digests kept.
      await persistence.repositories.auditEvents.forgetOrigins(new Date(Date.now() + 60_000));
      await persistence.repositories.auditEvents.forgetDetailsOf([firstResource]);
      expect(await runCli(['audit-verify'])).toBe(0);
      expect(printed).toContain('6 events verified');
    });

    it('fails at a row whose details were edited directly in the database', async () => {
      const ids = await appendFive();
      await persistence.dataSource.query(
        `UPDATE ${q('audit_events')} SET ${q('details')} = '{"n":33}' WHERE ${q('seq')} = 3`,
      );
      expect(await runCli(['audit-verify'])).toBe(1);
      expect(printed).toContain(`broken at position 3 (event ${ids[2]})`);
      expect(printed).toContain('details do not match');
      expect(printed).toContain('The 2 events before it hold.');
    });

    it('fails at a row whose address was edited directly in the database', async () => {
      const ids = await appendFive();
      await persistence.dataSource.query(
        `UPDATE ${q('audit_events')} SET ${q('ip_address')} = '192.0.2.1' WHERE ${q('seq')} = 4`,
      );
      expect(await runCli(['audit-verify'])).toBe(1);
      expect(printed).toContain(`broken at position 4 (event ${ids[3]})`);
      expect(printed).toContain('address');
    });

    it('fails where a row was deleted directly in the database, in the middle or at the end', async () => {
      const ids = await appendFive();
      await persistence.dataSource.query(`DELETE FROM ${q('audit_events')} WHERE ${q('seq')} = 3`);
      expect(await runCli(['audit-verify'])).toBe(1);
      expect(printed).toContain(`broken at position 3 (event ${ids[3]})`);
      expect(printed).toContain('missing');

      printed = '';
      await persistence.dataSource.query(`DELETE FROM ${q('audit_events')} WHERE ${q('seq')} = 5`);
      await persistence.dataSource.query(`UPDATE ${q('audit_events')} SET ${q('seq')} = 3 WHERE ${q('seq')} = 4`);
      expect(await runCli(['audit-verify'])).toBe(1);
      expect(printed).toContain('broken at position 3');
    });

    it(`keeps one chain through appends from two processes at once (${PER_PROCESS} each)`, async () => {
      const codes = await Promise.all([
        appendFromProcess(db.url, PER_PROCESS, 'a'),
        appendFromProcess(db.url, PER_PROCESS, 'b'),
      ]);
      expect(codes).toEqual([0, 0]);
      expect(await runCli(['audit-verify'])).toBe(0);
      expect(printed).toContain(`${2 * PER_PROCESS} events verified`);
    }, 60_000);
  });
}
