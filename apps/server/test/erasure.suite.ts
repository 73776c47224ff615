import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';
import { dumpDatabase } from '@memoir/persistence-typeorm';
import type { ScholarshipRequest } from '@memoir/shared';

import { INTENDED_KEY } from '../../public-site/crackme/intended-key';
import { ANSWERS, useTestApps, type TestApp, type TestDatabase } from './support/test-app';

const PERSON = { name: 'Zofia Wróblewska-Quist', email: 'Zofia.Quist@example.org' };
const OTHER = { name: 'Ada Lovelace', email: 'ada@example.org' };

/**
 * A person asks to be erased, and the owner does it from the admin app: afterwards no table
 * holds their address or name (a scan of every row of every table), nor does the outbox; the
 * dashboard's counts are right; another person's data is untouched; the erasure is audited
 * without the address. On each kind of database.
 */
export function describeErasure(name: string, database: () => TestDatabase): void {
  describe(`erasing a person (${name})`, () => {
    const db = database();
    afterAll(() => db.dispose());
    const startApp = useTestApps();
    let app: TestApp;
    let token: string;

    /** Every row of every table as text, and every file in the outbox folder. */
    const everything = async (): Promise<string> => {
      const rows: string[] = [];
      await dumpDatabase(app.persistence, ({ table, row }) => void rows.push(`${table} ${JSON.stringify(row)}`));
      const outbox = join(app.config.dataDir, 'outbox');
      const files = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'latin1'));
      return [...rows, ...files].join('\n').toLowerCase();
    };
    const traces = (text: string, person: typeof PERSON) =>
      [person.email.toLowerCase(), person.name.toLowerCase(), 'wróblewska', 'quist'].filter((needle) =>
        text.includes(needle),
      );

    it('leaves no trace of the address or the name anywhere, and the counts right', async () => {
      const store = await db.open();
      app = await startApp({ store, env: { PUBLIC_BASE_URL: 'http://memoir.test', OWNER_EMAIL: 'owner@example.org' } });
      token = await app.signIn();
      const submit = (person: typeof PERSON, message: string, subscribe = false) =>
        app.call('POST', '/api/scholarship-request', {
          body: { ...person, message, riddleAnswer: ANSWERS.scholarship, ...(subscribe ? { subscribe } : {}) },
        });
      expect((await submit(PERSON, `I am ${PERSON.name}, a student in Gdańsk`)).status).toBe(201);
      expect((await submit(OTHER, 'Between jobs')).status).toBe(201);
      // The same person again, the address in other letters' case, ticking the box for news (a reader's consent record).
      expect((await submit({ ...PERSON, email: PERSON.email.toUpperCase() }, 'Asking again', true)).status).toBe(201);
      const listed = (await app.call('GET', '/api/admin/scholarships', { token })).body
        .requests as ScholarshipRequest[];
      const first = listed.find((request) => request.message?.includes('Gdańsk'));
      const other = listed.find((request) => request.email === OTHER.email);
      for (const [request, notes] of [
        [first, `Approved: ${PERSON.name} wrote from ${PERSON.email}`],
        [other, 'Approved'],
      ] as const) {
        const decided = await app.call('PATCH', `/api/admin/scholarships/${request?.id ?? ''}`, {
          token,
          body: { status: 'approved', adminNotes: notes },
        });
        expect(decided.status).toBe(200);
      }
      const claimed = await app.call('POST', '/api/crackme-claim', {
        body: { key: INTENDED_KEY, name: PERSON.name, email: PERSON.email },
      });
      expect(claimed.status).toBe(201);
      await app.useCases.sendDueDeliveries.execute(); // the emails to both, and the owner's notices, in the outbox
      // Their mailbox complained afterwards: the suppression holds the address too.
      const complained = { email: PERSON.email, reason: 'complaint' as const, at: app.clock.now() };
      await app.persistence.repositories.suppressions.suppress(complained);
      expect(traces(await everything(), PERSON)).not.toEqual([]);
      const dashboardBefore = (await app.call('GET', '/api/admin/dashboard', { token })).body;

      // The confirmation's preview names what will go, and changes nothing.
      const preview = await app.call('POST', '/api/admin/erasure/preview', { token, body: { email: PERSON.email } });
      expect(preview.status).toBe(200);
      expect(preview.body.counts).toEqual({
        requests: 2,
        pendingClosed: 1,
        deliveries: 1,
        auditEvents: 1,
        crackmeClaims: 1,
        suppressions: 1,
        readers: 1,
        sentEmails: expect.any(Number),
      });
      expect(preview.body.counts.sentEmails).toBeGreaterThanOrEqual(2); // the approval and the owner's notices
      expect(traces(await everything(), PERSON)).not.toEqual([]);

      const erased = await app.call('POST', '/api/admin/erasure', { token, body: { email: PERSON.email } });
      expect(erased.status).toBe(200);
      expect(erased.body.counts).toEqual(preview.body.counts);

      const after = await everything();
      expect(traces(after, PERSON)).toEqual([]);
      expect(traces(after, { name: OTHER.name, email: OTHER.email }).length).toBeGreaterThan(0);

      // Both requests are still counted (the copy was sent); the pending one is closed.
      const dashboard = (await app.call('GET', '/api/admin/dashboard', { token })).body as {
        scholarships: { total: number; pending: number };
        guestbook: unknown;
      };
      const before = dashboardBefore as typeof dashboard;
      expect(dashboard.scholarships).toEqual({
        total: before.scholarships.total,
        pending: before.scholarships.pending - 1,
      });
      expect(dashboard.guestbook).toEqual(before.guestbook);

      const [event] = (await app.call('GET', '/api/admin/audit-logs?action=erasure', { token })).body.logs as Array<{
        details: Record<string, number>;
        userId: string | null;
      }>;
      expect(event?.details).toEqual(erased.body.counts);
      expect(event?.userId).not.toBeNull();

      // Asked again: nothing is held any more.
      const again = await app.call('POST', '/api/admin/erasure/preview', { token, body: { email: PERSON.email } });
      expect(again.body.counts).toEqual({
        requests: 0,
        pendingClosed: 0,
        deliveries: 0,
        auditEvents: 0,
        crackmeClaims: 0,
        suppressions: 0,
        readers: 0,
        sentEmails: 0,
      });
    });

    it('refuses an address it cannot read with a clear 400, and needs a session', async () => {
      const store = await db.open();
      app = await startApp({ store });
      token = await app.signIn();
      const bad = await app.call('POST', '/api/admin/erasure', { token, body: { email: 'not an address' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'PERSONAL_DATA.INVALID_EMAIL' });
      expect(String(bad.body.error)).toMatch(/email/i);
      expect((await app.call('POST', '/api/admin/erasure', { token, body: {} })).status).toBe(400);
      expect((await app.call('POST', '/api/admin/erasure', { body: { email: PERSON.email } })).status).toBe(401);
    });
  });
}
