import { beforeEach, describe, expect, it } from '@jest/globals';

import { InMemoryAuditEventRepository } from '../../memory';
import { anAuditEvent } from '../../testing';
import { createWorld, errorOf, valueOf, type World } from '../../test/world';
import { clampAuditPageSize, decodeAuditCursor, encodeAuditCursor } from './list-audit-events.use-case';

describe('ListAuditEventsUseCase', () => {
  let world: World;

  beforeEach(async () => {
    world = createWorld();
    for (let minute = 1; minute <= 5; minute += 1) {
      await world.repositories.auditEvents.append(
        anAuditEvent({ action: `action-${minute}`, createdAt: new Date(Date.UTC(2026, 0, 10, 9, minute)) }),
      );
    }
  });

  it('lists newest first, a page at a time, to the last page', async () => {
    const list = world.useCases.listAuditEvents;
    const first = valueOf(await list.execute({ limit: 2 }));
    expect(first.events.map((e) => e.action)).toEqual(['action-5', 'action-4']);
    const second = valueOf(await list.execute({ limit: 2, before: first.nextCursor }));
    expect(second.events.map((e) => e.action)).toEqual(['action-3', 'action-2']);
    const last = valueOf(await list.execute({ limit: 2, before: second.nextCursor }));
    expect(last.events.map((e) => e.action)).toEqual(['action-1']);
    expect(last.nextCursor).toBeNull();
  });

  it('has no next page when everything fits', async () => {
    expect(valueOf(await world.useCases.listAuditEvents.execute()).nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    for (const before of ['garbage', '2026-01-10_not-a-uuid', 'yesterday_6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000']) {
      expect(errorOf(await world.useCases.listAuditEvents.execute({ before })).code).toBe('AUDIT_LOG.INVALID_CURSOR');
    }
  });

  it('round-trips a cursor', () => {
    const cursor = { createdAt: new Date('2026-01-10T09:05:00.123Z'), id: '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000' };
    expect(decodeAuditCursor(encodeAuditCursor(cursor))).toEqual(cursor);
  });

  it('clamps the page size to 1..200, 50 by default', () => {
    expect(clampAuditPageSize(undefined)).toBe(50);
    expect(clampAuditPageSize(0)).toBe(1);
    expect(clampAuditPageSize(1000)).toBe(200);
    expect(clampAuditPageSize(20)).toBe(20);
  });

  it('offers no way to edit or delete an event: the port appends, counts into a tally and lists, nothing else', () => {
    const methods = Object.getOwnPropertyNames(InMemoryAuditEventRepository.prototype).filter(
      (name) => name !== 'constructor',
    );
    expect(methods.sort()).toEqual(['append', 'appendOrCount', 'listNewestFirst']);
  });
});
