import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { GuestbookEntry, ScholarshipRequest } from '@memoir/domain';
import { aGuestbookEntry, anAuditEvent, aScholarshipRequest, AT } from '@memoir/domain/testing';

import { useTestApps, type TestApp, type TestDatabase, type TestStore } from './support/test-app';

const second = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n));

interface Page {
  readonly status: number;
  readonly body: {
    entries?: Array<{ id: string; name: string }>;
    requests?: Array<{ id: string }>;
    nextCursor: string | null;
  };
  readonly bytes: number;
}

/**
 * The admin lists at more than a screenful: paging, filters, search, the 64 KB page, CSV
 * exports and bulk decisions, over HTTP through the app as the server wires it, on one database.
 */
export function describeAdminLists(name: string, database: () => TestDatabase): void {
  describe(`admin lists on ${name}`, () => {
    let db: TestDatabase;
    let store: TestStore;
    let app: TestApp;
    let token: string;
    const startApp = useTestApps(() => ({ store }));

    beforeEach(async () => {
      db ??= database();
      store = await db.open();
      app = await startApp();
      token = await app.signIn();
    });
    afterEach(async () => {
      await store.persistence.close();
    });
    afterAll(async () => {
      await db?.dispose();
    });

    const addEntries = async (entries: readonly GuestbookEntry[]) => {
      for (const entry of entries) await store.persistence.repositories.guestbookEntries.add(entry);
    };
    const addRequests = async (requests: readonly ScholarshipRequest[]) => {
      for (const request of requests) await store.persistence.repositories.scholarshipRequests.add(request);
    };
    const get = async (path: string): Promise<Page> => {
      const response = await app.call('GET', path, { token });
      return { status: response.status, body: response.body as Page['body'], bytes: Buffer.byteLength(response.text) };
    };

    it('reaches an approved entry older than the first ten, by paging and by search', async () => {
      const approved = Array.from({ length: 30 }, (_, n) =>
        aGuestbookEntry({ name: `Reader ${n}`, isApproved: true, reviewedAt: second(59), createdAt: second(n) }),
      );
      await addEntries(approved);
      const first = await get('/api/admin/guestbook');
      expect(first.body.entries?.map((entry) => entry.name)).toEqual(
        Array.from({ length: 10 }, (_, n) => `Reader ${29 - n}`),
      );

      const names: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await get(`/api/admin/guestbook?class=approved&limit=7&before=${encodeURIComponent(cursor)}`);
        expect(page.status).toBe(200);
        names.push(...(page.body.entries ?? []).map((entry) => entry.name));
        cursor = page.body.nextCursor;
      }
      expect(names).toEqual(Array.from({ length: 30 }, (_, n) => `Reader ${29 - n}`));

      const found = await get('/api/admin/guestbook?q=READER%203');
      expect(found.body.entries?.map((entry) => entry.name)).toEqual(['Reader 3']);
    });

    it('keeps every page within 64 KB however long the texts, and still reaches every item', async () => {
      const long = (n: number) => `${'長'.repeat(480)} ${n}`; // 3 bytes a character in UTF-8
      await addEntries(
        Array.from({ length: 100 }, (_, n) =>
          aGuestbookEntry({ message: long(n), adminNotes: '註'.repeat(900), createdAt: second(n) }),
        ),
      );
      const ids = new Set<string>();
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const page = await get(`/api/admin/guestbook?class=pending&limit=100&before=${encodeURIComponent(cursor)}`);
        expect(page.bytes).toBeLessThanOrEqual(64 * 1024);
        for (const entry of page.body.entries ?? []) ids.add(entry.id);
        cursor = page.body.nextCursor;
        pages += 1;
      }
      expect(ids.size).toBe(100);
      expect(pages).toBeGreaterThan(1);
      expect((await get('/api/admin/guestbook')).bytes).toBeLessThanOrEqual(64 * 1024);
    });

    it('counts each class exactly, whatever the page holds', async () => {
      await addEntries([
        ...Array.from({ length: 60 }, (_, n) => aGuestbookEntry({ createdAt: second(n) })),
        ...Array.from({ length: 3 }, () => aGuestbookEntry({ reviewedAt: second(59) })),
      ]);
      const response = await app.call('GET', '/api/admin/guestbook', { token });
      expect(response.body.counts).toEqual({ pending: 60, approved: 0, rejected: 3 });
      expect(response.body.entries).toHaveLength(53);
      expect(response.body.nextCursor).not.toBeNull();
    });

    it('finds a request by its exact email address and filters by status', async () => {
      await addRequests([
        aScholarshipRequest({ name: 'Ada', email: 'ada@example.org', createdAt: second(1) }),
        aScholarshipRequest({ name: 'Alan', email: 'alan@example.org', status: 'approved', createdAt: second(2) }),
      ]);
      const byEmail = await app.call('GET', '/api/admin/scholarships?q=ada%40example.org', { token });
      expect(byEmail.body.requests.map((request: { name: string }) => request.name)).toEqual(['Ada']);
      const approved = await app.call('GET', '/api/admin/scholarships?status=approved', { token });
      expect(approved.body.requests.map((request: { name: string }) => request.name)).toEqual(['Alan']);
      expect(approved.body.counts).toEqual({ pending: 1, approved: 1, rejected: 0 });
    });

    it('refuses an unknown class, status, action or cursor with a 400 that says what it knows', async () => {
      for (const path of [
        '/api/admin/guestbook?class=spam',
        '/api/admin/scholarships?status=maybe',
        '/api/admin/audit-logs?action=explode',
        '/api/admin/audit-logs?from=yesterday',
        '/api/admin/guestbook?before=page-2',
        '/api/admin/audit-logs.csv?resourceType=table',
      ]) {
        const response = await app.call('GET', path, { token });
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expect(response.body.error).toMatch(/use pending|There is no|must be a date|does not exist/);
      }
    });

    it('exports the filtered guestbook as CSV, every row, spreadsheet formulas disarmed', async () => {
      await addEntries([
        aGuestbookEntry({
          name: '=HYPERLINK("http://evil.example")',
          message: 'line one\nline "two", three',
          createdAt: second(1),
        }),
        aGuestbookEntry({ name: '@SUM(A1)', location: '+44', message: '-1', createdAt: second(2) }),
        aGuestbookEntry({ name: 'Approved', isApproved: true, reviewedAt: second(3), createdAt: second(3) }),
      ]);
      const response = await app.call('GET', '/api/admin/guestbook.csv?class=pending', { token });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="guestbook-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('id,createdAt,class,name,location,message,reviewedAt,adminNotes');
      expect(lines[1]).toMatch(/^[0-9a-f-]{36},2026-01-01T00:00:02\.000Z,pending,'@SUM\(A1\),'\+44,'-1,,$/);
      expect(response.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(response.text).toContain('"line one\nline ""two"", three"');
      expect(response.text).not.toContain('Approved');
    });

    it('exports every matching audit event as CSV, with the filters', async () => {
      // One transaction: each append outside one is a transaction of its own (the audit chain's lock).
      await store.persistence.unitOfWork.transaction(async ({ auditEvents }) => {
        for (let n = 0; n < 1_205; n += 1) {
          await auditEvents.append(
            anAuditEvent({ action: n % 2 === 0 ? 'approve' : 'reject', createdAt: AT('2026-01-02T00:00:00.000Z') }),
          );
        }
      });
      const response = await app.call('GET', '/api/admin/audit-logs.csv?action=reject&to=2026-01-03', { token });
      expect(response.status).toBe(200);
      const rows = response.text.trim().split('\r\n');
      expect(rows).toHaveLength(1 + 602);
      expect(rows.slice(1).every((row) => row.split(',')[2] === 'reject')).toBe(true);
    });

    it('decides many at once, each on its own, and says which failed and why', async () => {
      const [first, second, gone] = [
        aScholarshipRequest(),
        aScholarshipRequest(),
        aScholarshipRequest({ status: 'approved' }),
      ];
      await addRequests([first, second, gone]);
      const ids = [first.id, gone.id, second.id];
      const response = await app.call('POST', '/api/admin/scholarships/bulk', {
        token,
        body: { ids, status: 'approved', adminNotes: 'Enjoy' },
      });
      expect(response.status).toBe(200);
      expect(response.body.results).toEqual([
        { id: first.id, success: true },
        {
          id: gone.id,
          success: false,
          error: 'This request has already been decided.',
          code: 'SCHOLARSHIP_REQUEST.NOT_PENDING',
        },
        { id: second.id, success: true },
      ]);
      const approvals = await app.call('GET', '/api/admin/audit-logs?action=approve&resourceType=scholarship_request', {
        token,
      });
      expect(approvals.body.logs).toHaveLength(2);

      const entries = [aGuestbookEntry(), aGuestbookEntry()];
      await addEntries(entries);
      const moderated = await app.call('POST', '/api/admin/guestbook/bulk', {
        token,
        body: { ids: entries.map((entry) => entry.id), isApproved: false },
      });
      expect(moderated.body.results.map((result: { success: boolean }) => result.success)).toEqual([true, true]);
      const counts = (await app.call('GET', '/api/admin/guestbook', { token })).body.counts;
      expect(counts.rejected).toBe(2);
    });

    it('refuses a bulk call without ids, with too many, or with ids that are not a list of text', async () => {
      const many = Array.from({ length: 101 }, () => aGuestbookEntry().id);
      for (const body of [
        { ids: [], isApproved: true },
        { ids: many, isApproved: true },
        { ids: 'all', isApproved: true },
        { ids: [1, 2], isApproved: true },
        { isApproved: true },
        { ids: [many[0]], isApproved: 'yes' },
      ]) {
        const response = await app.call('POST', '/api/admin/guestbook/bulk', { token, body });
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
      }
    });
  });
}
