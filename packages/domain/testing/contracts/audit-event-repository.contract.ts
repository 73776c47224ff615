import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { anAuditEvent, AT } from '../builders';

export function auditEventRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('AuditEventRepository', () => {
    const repo = () => store().repositories.auditEvents;

    it('returns an appended event as it was stored, structured details included', async () => {
      const event = anAuditEvent({
        details: { adminNotes: 'Bienvenue 🎉', previous: { class: 'pending' }, count: 3, flag: true, none: null },
        createdAt: AT('2026-01-10T09:30:00.987Z'),
      });
      await repo().append(event);
      expect(await repo().listNewestFirst({ limit: 10 })).toEqual([event]);
    });

    it('keeps events without user, resource, details or origin', async () => {
      const event = anAuditEvent({ userId: null, resourceId: null, details: null, ipAddress: null, userAgent: null });
      await repo().append(event);
      expect(await repo().listNewestFirst({ limit: 10 })).toEqual([event]);
    });

    it('lists newest first, at most the limit', async () => {
      const events = [1, 2, 3].map((day) => anAuditEvent({ createdAt: AT(`2026-01-0${day}T00:00:00.000Z`) }));
      for (const event of events) await repo().append(event);
      expect((await repo().listNewestFirst({ limit: 2 })).map((e) => e.id)).toEqual([events[2]?.id, events[1]?.id]);
    });

    it('pages strictly after a cursor, ordering events of the same millisecond by id descending', async () => {
      const same = AT('2026-01-02T00:00:00.000Z');
      const a = anAuditEvent({ id: '00000000-0000-4000-8000-00000000000a', createdAt: same });
      const b = anAuditEvent({ id: '00000000-0000-4000-8000-00000000000b', createdAt: same });
      const older = anAuditEvent({ createdAt: AT('2026-01-01T00:00:00.000Z') });
      const newer = anAuditEvent({ createdAt: AT('2026-01-03T00:00:00.000Z') });
      for (const event of [a, older, newer, b]) await repo().append(event);

      expect((await repo().listNewestFirst({ limit: 10 })).map((e) => e.id)).toEqual([newer.id, b.id, a.id, older.id]);
      expect((await repo().listNewestFirst({ limit: 10, before: b })).map((e) => e.id)).toEqual([a.id, older.id]);
      expect((await repo().listNewestFirst({ limit: 1, before: newer })).map((e) => e.id)).toEqual([b.id]);
      expect(await repo().listNewestFirst({ limit: 10, before: older })).toEqual([]);
    });

    it('filters by action, resource type, actor, a time range and text, and pages within the filter', async () => {
      const at = (iso: string) => AT(iso);
      const actor = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0001';
      const events = [
        anAuditEvent({
          action: 'approve',
          resourceType: 'guestbook_entry',
          userId: actor,
          createdAt: at('2026-02-01T10:00:00.000Z'),
          details: { adminNotes: 'Wunderbar 100%' },
        }),
        anAuditEvent({
          action: 'reject',
          resourceType: 'scholarship_request',
          userId: actor,
          createdAt: at('2026-02-02T10:00:00.000Z'),
        }),
        anAuditEvent({
          action: 'login_failed',
          resourceType: 'admin_session',
          userId: null,
          createdAt: at('2026-02-03T10:00:00.000Z'),
          ipAddress: '198.51.100.200',
          details: { username: 'mallory' },
        }),
        anAuditEvent({
          action: 'approve',
          resourceType: 'scholarship_request',
          userId: actor,
          createdAt: at('2026-02-04T10:00:00.000Z'),
          userAgent: 'Lynx/2.9.2',
        }),
      ];
      for (const event of events) await repo().append(event);
      const actions = async (filter: Parameters<ReturnType<typeof repo>['listNewestFirst']>[0]['filter']) =>
        (await repo().listNewestFirst({ limit: 10, filter })).map((event) =>
          event.createdAt.toISOString().slice(8, 10),
        );
      expect(await actions({ action: 'approve' })).toEqual(['04', '01']);
      expect(await actions({ resourceType: 'scholarship_request' })).toEqual(['04', '02']);
      expect(await actions({ userId: actor, action: 'reject' })).toEqual(['02']);
      expect(await actions({ from: at('2026-02-02T10:00:00.000Z'), to: at('2026-02-04T10:00:00.000Z') })).toEqual([
        '03',
        '02',
      ]);
      expect(await actions({ search: 'mallory' })).toEqual(['03']);
      expect(await actions({ search: '198.51.100.2' })).toEqual(['03']);
      expect(await actions({ search: 'lynx' })).toEqual([]); // the user agent is not searched
      expect(await actions({ search: 'wunderbar 100%' })).toEqual(['01']);
      const [newest] = await repo().listNewestFirst({ limit: 1, filter: { action: 'approve' } });
      const rest = await repo().listNewestFirst({
        limit: 10,
        filter: { action: 'approve' },
        ...(newest === undefined ? {} : { before: newest }),
      });
      expect(rest.map((event) => event.createdAt.toISOString().slice(8, 10))).toEqual(['01']);
    });

    it('keeps one event per tally, counting each later call into it and changing nothing else', async () => {
      const first = anAuditEvent({
        details: { username: 'ghost', reason: 'too_many_attempts', refusals: 1 },
        ipAddress: '2001:db8::1',
        createdAt: AT('2026-01-10T09:30:00.000Z'),
      });
      await repo().appendOrCount(first, 'refusals:2001:db8::/64:1', 'refusals');
      for (let i = 0; i < 3; i += 1) {
        const later = anAuditEvent({
          details: { username: 'other', reason: 'too_many_attempts', refusals: 1 },
          ipAddress: '2001:db8::2',
          createdAt: AT('2026-01-10T09:31:00.000Z'),
        });
        await repo().appendOrCount(later, 'refusals:2001:db8::/64:1', 'refusals');
      }
      await repo().appendOrCount(anAuditEvent({ details: { refusals: 1 } }), 'refusals:198.51.100.1:1', 'refusals');
      const events = await repo().listNewestFirst({ limit: 10 });
      expect(events).toHaveLength(2);
      const tally = events.find((event) => event.ipAddress === '2001:db8::1');
      expect(tally).toEqual({
        ...first,
        id: expect.any(String),
        details: { username: 'ghost', reason: 'too_many_attempts', refusals: 4 },
      });
    });

    it(`counts ${concurrency} concurrent calls of one tally exactly`, async () => {
      await Promise.all(
        Array.from({ length: concurrency }, () =>
          repo().appendOrCount(anAuditEvent({ details: { refusals: 1 } }), 'busy', 'refusals'),
        ),
      );
      const events = await repo().listNewestFirst({ limit: 10 });
      expect(events.map((event) => event.details)).toEqual([{ refusals: concurrency }]);
    });

    /** The chain as stored: positions 1..n without a gap, each linked to the one before, the head at the end. */
    async function expectOneChain(length: number): Promise<void> {
      const chain = await repo().readChain(0, length + 10);
      expect(chain.map((event) => event.seq)).toEqual(Array.from({ length }, (_, i) => i + 1));
      chain.forEach((event, i) => {
        expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(event.prevHash).toBe(i === 0 ? '0'.repeat(64) : chain[i - 1]?.hash);
      });
      expect(await repo().chainHead()).toEqual(length === 0 ? null : { seq: length, hash: chain.at(-1)?.hash });
    }

    it('chains appended events in order, a tally once, and reads the chain a page at a time', async () => {
      await expectOneChain(0);
      const events = [1, 2, 3].map((day) => anAuditEvent({ createdAt: AT(`2026-01-0${day}T00:00:00.000Z`) }));
      for (const event of events) await repo().append(event);
      await repo().appendOrCount(anAuditEvent({ details: { refusals: 1 } }), 'chained', 'refusals');
      await repo().appendOrCount(anAuditEvent({ details: { refusals: 1 } }), 'chained', 'refusals');
      await expectOneChain(4);
      const chain = await repo().readChain(1, 2);
      expect(chain.map((event) => [event.seq, event.id])).toEqual([
        [2, events[1]?.id],
        [3, events[2]?.id],
      ]);
      expect(chain[0]).toMatchObject({ ...events[1], ipAddressDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    });

    it(`keeps one chain through ${concurrency} concurrent appends`, async () => {
      await Promise.all(Array.from({ length: concurrency }, () => repo().append(anAuditEvent())));
      await expectOneChain(concurrency);
    });

    it('keeps one chain through concurrent appends inside transactions', async () => {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          store().unitOfWork.transaction(async ({ auditEvents }) => {
            await auditEvents.append(anAuditEvent());
            await auditEvents.append(anAuditEvent());
          }),
        ),
      );
      await expectOneChain(40);
    });
  });
}
