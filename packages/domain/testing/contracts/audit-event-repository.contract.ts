import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/shared/persistence';
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
  });
}
