import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  DecideScholarshipRequestUseCase,
  ModerateGuestbookEntryUseCase,
  RateLimiter,
  SignGuestbookUseCase,
  SubmitScholarshipRequestUseCase,
  systemClock,
  type Actor,
  type Persistence,
} from '@memoir/domain';
import { FixedRiddleAnswers, SequentialIdGenerator } from '@memoir/domain/memory';
import { anAdminUser } from '@memoir/domain/testing';

const N = 200;

/**
 * Many requests at once through the real use cases: nothing lost, nothing applied twice.
 * `create` gives an empty store for each test.
 */
export function describeConcurrency(name: string, create: () => Promise<Persistence>): void {
  describe(`${name}: ${N} concurrent requests`, () => {
    let persistence: Persistence;
    let actor: Actor;
    const ids = new SequentialIdGenerator();
    const riddles = new FixedRiddleAnswers({ guestbook: 'console', scholarship: 'kernel' });

    beforeEach(async () => {
      persistence = await create();
      const owner = anAdminUser({ username: 'owner' });
      await persistence.repositories.adminUsers.addIfUsernameFree(owner);
      actor = { userId: owner.id, ipAddress: '203.0.113.7', userAgent: 'test' };
    });
    afterEach(async () => {
      await persistence.close();
    });

    const deps = () => ({
      ...persistence.repositories,
      unitOfWork: persistence.unitOfWork,
      riddles,
      clock: systemClock,
      ids,
    });

    async function submitRequests(count: number): Promise<string[]> {
      const submit = new SubmitScholarshipRequestUseCase(deps());
      const made = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          submit.execute({ name: `Reader ${i}`, email: `reader${i}@example.org`, riddleAnswer: 'kernel' }),
        ),
      );
      return made.map((result) => (result.ok ? result.value.id : ''));
    }

    async function auditCount(resourceType: string): Promise<number> {
      const events = await persistence.repositories.auditEvents.listNewestFirst({ limit: 10 * N });
      return events.filter((event) => event.resourceType === resourceType).length;
    }

    it(`stores all of ${N} concurrent guestbook signatures, each once`, async () => {
      const sign = new SignGuestbookUseCase(deps());
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          sign.execute({ name: `Visitor ${i}`, message: `Hello #${i} 👋`, riddleAnswer: 'Console' }),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(N);
      const stored = await persistence.repositories.guestbookEntries.listAll();
      expect(stored).toHaveLength(N);
      expect(new Set(stored.map((entry) => entry.message)).size).toBe(N);
    });

    it(`lets exactly one of ${N} concurrent decisions on one request win, with one audit event`, async () => {
      const [id = ''] = await submitRequests(1);
      const decide = new DecideScholarshipRequestUseCase(deps());
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          decide.execute({ id, status: i % 2 ? 'approved' : 'rejected', adminNotes: `#${i}` }, actor),
        ),
      );
      const winners = results.filter((result) => result.ok);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.error.code === 'SCHOLARSHIP_REQUEST.NOT_PENDING')).toHaveLength(N - 1);
      expect(await auditCount('scholarship_request')).toBe(1);
      const stored = await persistence.repositories.scholarshipRequests.findById(id);
      expect(winners[0]?.ok && stored).toEqual(winners[0]?.ok ? winners[0].value : null);
    });

    it(`decides each of ${N / 2} requests exactly once when ${N} decisions (two per request) race`, async () => {
      const requestIds = await submitRequests(N / 2);
      const decide = new DecideScholarshipRequestUseCase(deps());
      const results = await Promise.all(
        requestIds.flatMap((id) => [
          decide.execute({ id, status: 'approved' }, actor),
          decide.execute({ id, status: 'rejected' }, actor),
        ]),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(N / 2);
      const requests = await persistence.repositories.scholarshipRequests.listAll();
      expect(requests.filter((request) => request.status === 'pending')).toEqual([]);
      expect(await auditCount('scholarship_request')).toBe(N / 2);
    });

    it(`applies ${N} concurrent moderations of different entries, each with its audit event`, async () => {
      const sign = new SignGuestbookUseCase(deps());
      const entries = await Promise.all(
        Array.from({ length: N }, (_, i) => sign.execute({ name: `V${i}`, message: 'hi', riddleAnswer: 'console' })),
      );
      const moderate = new ModerateGuestbookEntryUseCase(deps());
      const results = await Promise.all(
        entries.map((entry, i) =>
          moderate.execute({ id: entry.ok ? entry.value.id : '', isApproved: i % 2 === 0 }, actor),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(N);
      expect(await persistence.repositories.guestbookEntries.summarize(new Date(0))).toEqual({
        total: N,
        pending: 0,
        createdSince: N,
      });
      expect(await auditCount('guestbook_entry')).toBe(N);
    });

    it(`counts ${N} concurrent form submissions exactly against a limit`, async () => {
      const limiter = new RateLimiter(persistence.rateLimits, systemClock);
      const verdicts = await Promise.all(
        Array.from({ length: N }, () => limiter.consume('form:guestbook:203.0.113.7', { max: 150, windowMs: 60_000 })),
      );
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(150);
    });
  });
}
