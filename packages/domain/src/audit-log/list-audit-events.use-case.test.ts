import { beforeEach, describe, expect, it } from '@jest/globals';

import { InMemoryAuditEventRepository } from '../../memory';
import { anAuditEvent } from '../../testing';
import { createWorld, errorOf, valueOf, type World } from '../../test/world';
import { clampPageSize, decodeCursor, encodeCursor } from '../shared/list-page';

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
      expect(errorOf(await world.useCases.listAuditEvents.execute({ before })).code).toBe('LIST.INVALID_CURSOR');
    }
  });

  it('round-trips a cursor', () => {
    const cursor = { createdAt: new Date('2026-01-10T09:05:00.123Z'), id: '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('clamps the page size to 1..100, 50 by default', () => {
    expect(clampPageSize(undefined, 50, 100)).toBe(50);
    expect(clampPageSize(0, 50, 100)).toBe(1);
    expect(clampPageSize(1000, 50, 100)).toBe(100);
    expect(clampPageSize(20, 50, 100)).toBe(20);
  });

  describe('filters', () => {
    const at = (iso: string) => new Date(iso);
    let ownerId: string;

    beforeEach(async () => {
      world = createWorld();
      const owner = await world.signedInOwner(); // its sign-in is an event too
      ownerId = owner.userId;
      const events = [
        anAuditEvent({
          action: 'approve',
          resourceType: 'guestbook_entry',
          userId: ownerId,
          createdAt: at('2030-02-01T10:00:00.000Z'),
          details: { adminNotes: 'Wunderbar words' },
        }),
        anAuditEvent({
          action: 'reject',
          resourceType: 'scholarship_request',
          userId: ownerId,
          createdAt: at('2030-02-02T10:00:00.000Z'),
        }),
        anAuditEvent({
          action: 'login_failed',
          resourceType: 'admin_session',
          userId: null,
          createdAt: at('2030-02-03T10:00:00.000Z'),
          ipAddress: '198.51.100.200',
          details: { username: 'mallory' },
        }),
        anAuditEvent({
          action: 'approve',
          resourceType: 'scholarship_request',
          userId: ownerId,
          createdAt: at('2030-02-04T10:00:00.000Z'),
          userAgent: 'Lynx/2.9.2',
        }),
      ];
      for (const event of events) await world.repositories.auditEvents.append(event);
    });

    const actions = async (query: Parameters<World['useCases']['listAuditEvents']['execute']>[0]) =>
      valueOf(await world.useCases.listAuditEvents.execute(query)).events.map((event) => event.action);

    it('by action, resource type and actor', async () => {
      expect(await actions({ action: 'approve' })).toEqual(['approve', 'approve']);
      expect(await actions({ resourceType: 'scholarship_request' })).toEqual(['approve', 'reject']);
      expect(await actions({ actor: 'owner', from: '2030-01-01', to: '2030-03-01' })).toEqual([
        'approve',
        'reject',
        'approve',
      ]);
      expect(await actions({ actor: 'nobody-by-that-name' })).toEqual([]);
    });

    it('by dates, from inclusive and to exclusive', async () => {
      expect(await actions({ from: '2030-02-02T10:00:00.000Z', to: '2030-02-04T10:00:00.000Z' })).toEqual([
        'login_failed',
        'reject',
      ]);
      expect(await actions({ from: '2030-02-03', to: '2030-02-03T13:00:00+02:00' })).toEqual(['login_failed']);
    });

    it('by text in the details or the address, whatever the case', async () => {
      expect(await actions({ q: 'MALLORY' })).toEqual(['login_failed']);
      expect(await actions({ q: '198.51.100.2' })).toEqual(['login_failed']);
      expect(await actions({ q: 'wunderbar', action: 'approve' })).toEqual(['approve']);
    });

    it('refuses an action, a resource type or a date it does not know, saying which', async () => {
      for (const query of [
        { action: 'explode' },
        { resourceType: 'table' },
        { from: 'yesterday' },
        { to: '2030-13-45' },
      ]) {
        const error = errorOf(await world.useCases.listAuditEvents.execute(query));
        expect(error.code).toBe('LIST.INVALID_FILTER');
        expect(error.message).toMatch(/action|resource type|from|to/);
      }
    });

    it('exports every matching event, newest first, whatever the page size', async () => {
      const generator = valueOf(await world.useCases.listAuditEvents.exportAll({ action: 'approve', limit: 1 }));
      const exported: string[] = [];
      for await (const event of generator) exported.push(event.resourceType);
      expect(exported).toEqual(['scholarship_request', 'guestbook_entry']);
    });
  });

  it('offers no way to edit or delete an event: the port appends, counts into a tally, lists, reads the chain, and forgets origins (retention) and details (erasure)', () => {
    const methods = Object.getOwnPropertyNames(InMemoryAuditEventRepository.prototype).filter(
      (name) => name !== 'constructor',
    );
    expect(methods.sort()).toEqual([
      'append',
      'appendOrCount',
      'chainHead',
      'findById',
      'forgetDetailsOf',
      'forgetOrigins',
      'listNewestFirst',
      'readChain',
    ]);
  });
});
