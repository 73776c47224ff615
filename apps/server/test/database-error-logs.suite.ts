import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AuditEvent } from '@memoir/domain';

import { createLogger } from '../src/logger';
import { ANSWERS, startTestApp, type TestApp, type TestDatabase, type TestStore } from './support/test-app';

/** What a failed query's log line must show on each database: the driver's code and the statement. */
export interface FailureShapes {
  /** The duplicate address (a unique index the test adds): the driver's code for it. */
  readonly duplicateCode: string;
  /** The duplicate session token hash (the schema's unique key). */
  readonly duplicateSessionCode: string;
  /** How the database's dialect quotes a table name in TypeORM's statements. */
  readonly quote: (identifier: string) => string;
  /** The SQL that drops the index the first test adds. */
  readonly dropIndex: (name: string, table: string) => string;
}

const EMAIL = 'ada.lovelace@example.org';
const NAME = 'Ada Lovelace';
const MESSAGE = 'I cannot afford it; my number is 555-0100';
const TOKEN_HASH = 'f3'.repeat(32);
const IP = '203.0.113.77';
const USER_AGENT = 'Mozilla/5.0 (Private Browser 9.9)';

/**
 * A query that fails carries its values: TypeORM's `parameters`, mysql2's `sql` with the values
 * written in, MariaDB's "Duplicate entry '<value>'". The server's logger keeps the driver's
 * code and the statement with its placeholders, and none of the values: a real failing query on
 * each database, logged at trace level through the production logger.
 */
export function describeDatabaseErrorLogs(name: string, database: () => TestDatabase, shapes: FailureShapes): void {
  describe(`database errors in the log (${name})`, () => {
    let db: TestDatabase;
    let store: TestStore;
    let app: TestApp;
    let lines: string[];

    beforeAll(() => {
      db = database();
    });
    afterAll(async () => {
      await db.dispose();
    });
    beforeEach(async () => {
      store = await db.open();
      lines = [];
      app = await startTestApp({
        store,
        logger: createLogger('trace', { write: (line: string) => void lines.push(line) }),
      });
    });
    afterEach(async () => {
      await app.close();
      await store.persistence.close();
    });

    /** The one log line with this message, parsed; and the whole log as text. */
    const logged = (msg: string) => {
      const matching = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === msg);
      expect(matching).toHaveLength(1);
      return { line: matching[0] as { err: Record<string, unknown> }, all: lines.join('') };
    };
    const expectNoValues = (log: string, values: readonly string[]) => {
      expect(values.filter((value) => log.includes(value))).toEqual([]);
      expect(log).not.toMatch(/"parameters"|"sql"\s*:/);
    };

    it('logs a request that failed in the database with the driver code and the statement, not the visitor’s details', async () => {
      // One request per address, enforced by an index the schema does not have: the second fails.
      const { dataSource } = store.persistence;
      await dataSource.query('CREATE UNIQUE INDEX test_one_request_per_email ON scholarship_requests (email)');
      try {
        const body = { name: NAME, email: EMAIL, message: MESSAGE, riddleAnswer: ANSWERS.scholarship };
        expect((await app.call('POST', '/api/scholarship-request', { body })).status).toBe(201);
        expect((await app.call('POST', '/api/scholarship-request', { body, undocumented: true })).status).toBe(500);
      } finally {
        await dataSource.query(shapes.dropIndex('test_one_request_per_email', 'scholarship_requests'));
      }

      const { line, all } = logged('unexpected error');
      expect(line.err).toMatchObject({ type: 'QueryFailedError', code: shapes.duplicateCode });
      expect(line.err.query).toMatch(new RegExp(`^INSERT INTO ${escape(shapes.quote('scholarship_requests'))}.*\\?`));
      expect(JSON.stringify(line.err.driverError)).toContain(shapes.duplicateCode);
      expectNoValues(all, [EMAIL, NAME, MESSAGE, '555-0100']);
    });

    it('logs a failed repository write without its values: a second session with one token hash', async () => {
      const owner = await store.persistence.repositories.adminUsers.findByUsername('owner');
      const now = new Date('2026-06-01T12:00:00.000Z');
      const session = (id: string) => ({
        id,
        userId: owner?.id ?? '',
        tokenHash: TOKEN_HASH,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        ipAddress: null,
        userAgent: null,
      });
      const { adminSessions, auditEvents } = store.persistence.repositories;
      await adminSessions.add(session('0d6f6b8e-3c38-4a52-9d7c-000000000001'));
      const failure = await adminSessions.add(session('0d6f6b8e-3c38-4a52-9d7c-000000000002')).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).not.toBeNull();
      const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
      // As the delivery worker and the rate-limit pruning log theirs.
      logger.warn({ err: failure }, 'delivery run failed; trying again at the next tick');

      const { line, all } = logged('delivery run failed; trying again at the next tick');
      expect(line.err).toMatchObject({ code: shapes.duplicateSessionCode });
      expect(line.err.query).toMatch(new RegExp(`^INSERT INTO ${escape(shapes.quote('admin_sessions'))}`));
      expectNoValues(all, [TOKEN_HASH, owner?.id ?? 'no owner']);

      // An audit event with an address and a user agent, written twice under one id.
      const event = {
        id: '0d6f6b8e-3c38-4a52-9d7c-000000000003',
        action: 'login',
        resourceType: 'admin_session',
        resourceId: null,
        userId: owner?.id ?? null,
        details: { username: 'owner', email: EMAIL },
        ipAddress: IP,
        userAgent: USER_AGENT,
        createdAt: now,
      } satisfies AuditEvent;
      await auditEvents.append(event);
      const again = await auditEvents.append(event).then(
        () => null,
        (error: unknown) => error,
      );
      expect(again).not.toBeNull();
      logger.error({ err: again }, 'shutdown failed');
      expectNoValues(lines.join(''), [IP, USER_AGENT, EMAIL, event.id]);
    });
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
