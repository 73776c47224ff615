import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { aScholarshipRequest, AT } from '../builders';

export function scholarshipRequestRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('ScholarshipRequestRepository', () => {
    const repo = () => store().repositories.scholarshipRequests;
    const decision = { status: 'approved' as const, adminNotes: 'Enjoy!', decidedAt: AT('2026-02-01T08:00:00.250Z') };

    it('returns an added request as it was stored', async () => {
      const request = aScholarshipRequest({ message: null, name: 'Łukasz 🚀' });
      await repo().add(request);
      expect(await repo().findById(request.id)).toEqual(request);
    });

    it('finds nothing for an unknown or empty id', async () => {
      await repo().add(aScholarshipRequest());
      expect(await repo().findById('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000')).toBeNull();
      expect(await repo().findById('')).toBeNull();
    });

    it('tells how many pending requests are overdue and when the oldest pending one came', async () => {
      expect(await repo().pendingAge(AT('2026-01-02T00:00:00.000Z'))).toEqual({ overdue: 0, oldestPendingAt: null });
      await repo().add(aScholarshipRequest({ createdAt: AT('2025-12-30T00:00:00.000Z'), status: 'approved' }));
      await repo().add(aScholarshipRequest({ createdAt: AT('2025-12-31T10:00:00.500Z') }));
      await repo().add(aScholarshipRequest({ createdAt: AT('2026-01-01T00:00:00.000Z') }));
      await repo().add(aScholarshipRequest({ createdAt: AT('2026-01-02T00:00:00.000Z') }));
      expect(await repo().pendingAge(AT('2026-01-02T00:00:00.000Z'))).toEqual({
        overdue: 2,
        oldestPendingAt: AT('2025-12-31T10:00:00.500Z'),
      });
    });

    it('lists the requests created in a time range, oldest first, at most the limit', async () => {
      const at = (iso: string) => aScholarshipRequest({ createdAt: AT(iso) });
      const [before, first, second, third, after] = [
        at('2026-01-01T23:59:59.999Z'),
        at('2026-01-02T00:00:00.000Z'),
        at('2026-01-02T12:00:00.000Z'),
        at('2026-01-02T23:59:59.999Z'),
        at('2026-01-03T00:00:00.000Z'),
      ];
      for (const request of [third, after, first, before, second]) await repo().add(request);
      const from = AT('2026-01-02T00:00:00.000Z');
      const to = AT('2026-01-03T00:00:00.000Z');
      expect(await repo().listCreatedBetween(from, to, 10)).toEqual([first, second, third]);
      expect(await repo().listCreatedBetween(from, to, 2)).toEqual([first, second]);
    });

    it('lists one status, newest first, strictly after a cursor, and counts each status exactly', async () => {
      const minute = (n: number) => AT(`2026-01-01T00:${String(n).padStart(2, '0')}:00.000Z`);
      const old = aScholarshipRequest({ createdAt: minute(1) });
      const mid = aScholarshipRequest({ createdAt: minute(2) });
      const recent = aScholarshipRequest({ createdAt: minute(3) });
      const approved = aScholarshipRequest({ status: 'approved', createdAt: minute(4) });
      for (const request of [mid, approved, old, recent]) await repo().add(request);
      expect((await repo().listPage({ status: 'pending' }, { limit: 2 })).map((r) => r.id)).toEqual([
        recent.id,
        mid.id,
      ]);
      expect((await repo().listPage({ status: 'pending' }, { limit: 2, before: mid })).map((r) => r.id)).toEqual([
        old.id,
      ]);
      expect(await repo().listPage({ status: 'approved' }, { limit: 2 })).toEqual([approved]);
      expect(await repo().countByStatus()).toEqual({ pending: 3, approved: 1, rejected: 0 });
    });

    it('finds text in the name, email, message or notes, any letter case, the whole address included', async () => {
      const ada = aScholarshipRequest({ name: 'Ada', email: 'ada.lovelace@example.org', message: null });
      const alan = aScholarshipRequest({ name: 'Alan', email: 'alan@example.com', message: 'Between JOBS' });
      const grace = aScholarshipRequest({
        name: 'Grace',
        email: 'g@example.net',
        message: null,
        adminNotes: 'Duplicate',
      });
      for (const request of [ada, alan, grace]) await repo().add(request);
      const found = async (search: string) =>
        (await repo().listPage({ search }, { limit: 10 })).map((request) => request.name).sort();
      expect(await found('ada.lovelace@example.org')).toEqual(['Ada']);
      expect(await found('lovelace')).toEqual(['Ada']);
      expect(await found('jobs')).toEqual(['Alan']);
      expect(await found('duplicate')).toEqual(['Grace']);
      expect(await found('@example.')).toEqual(['Ada', 'Alan', 'Grace']);
      // Words a full-text index might leave out as too common ("com", "between") are found.
      expect(await found('com')).toEqual(['Alan']);
      expect(await found('between')).toEqual(['Alan']);
    });

    it('lists every request newest first', async () => {
      const older = aScholarshipRequest({ createdAt: AT('2026-01-01T00:00:00.000Z') });
      const newer = aScholarshipRequest({ createdAt: AT('2026-01-02T00:00:00.000Z'), status: 'rejected' });
      await repo().add(older);
      await repo().add(newer);
      expect(await repo().listAll()).toEqual([newer, older]);
    });

    it('decides a pending request and returns it decided', async () => {
      const request = aScholarshipRequest();
      await repo().add(request);
      const decided = await repo().decideIfPending(request.id, decision);
      expect(decided).toEqual({ ...request, ...decision });
      expect(await repo().findById(request.id)).toEqual({ ...request, ...decision });
    });

    it('refuses to decide a request that is no longer pending, leaving it unchanged', async () => {
      const request = aScholarshipRequest();
      await repo().add(request);
      await repo().decideIfPending(request.id, decision);
      const second = { status: 'rejected' as const, adminNotes: null, decidedAt: AT('2026-02-02T00:00:00.000Z') };
      expect(await repo().decideIfPending(request.id, second)).toBeNull();
      expect(await repo().findById(request.id)).toEqual({ ...request, ...decision });
    });

    it('answers null when deciding a request that does not exist', async () => {
      expect(await repo().decideIfPending('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000', decision)).toBeNull();
    });

    it(`lets exactly one of ${concurrency} concurrent decisions on one request win`, async () => {
      const request = aScholarshipRequest();
      await repo().add(request);
      const outcomes = await Promise.all(
        Array.from({ length: concurrency }, (_, i) =>
          repo().decideIfPending(request.id, {
            status: i % 2 === 0 ? 'approved' : 'rejected',
            adminNotes: `decision ${i}`,
            decidedAt: AT('2026-02-01T00:00:00.000Z'),
          }),
        ),
      );
      const winners = outcomes.filter((outcome) => outcome !== null);
      expect(winners).toHaveLength(1);
      expect(await repo().findById(request.id)).toEqual(winners[0]);
    });

    it('summarizes total, pending and requests created since an instant (inclusive)', async () => {
      const since = AT('2026-01-10T00:00:00.000Z');
      await repo().add(aScholarshipRequest({ createdAt: AT('2026-01-09T23:59:59.999Z') }));
      await repo().add(aScholarshipRequest({ createdAt: since }));
      await repo().add(aScholarshipRequest({ createdAt: since, status: 'approved', decidedAt: since }));
      await repo().add(
        aScholarshipRequest({ createdAt: AT('2026-01-01T00:00:00.000Z'), status: 'rejected', decidedAt: since }),
      );
      expect(await repo().summarize(since)).toEqual({ total: 4, pending: 2, createdSince: 2 });
    });
  });
}
