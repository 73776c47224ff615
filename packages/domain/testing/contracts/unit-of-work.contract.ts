import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { aGuestbookEntry, anAuditEvent } from '../builders';

export function unitOfWorkContract(store: () => Persistence): void {
  describe('UnitOfWork', () => {
    it('commits every write when the work succeeds, and returns its value', async () => {
      const entry = aGuestbookEntry();
      const event = anAuditEvent({ resourceId: entry.id });
      const value = await store().unitOfWork.transaction(async ({ guestbookEntries, auditEvents }) => {
        await guestbookEntries.add(entry);
        await auditEvents.append(event);
        return 'done';
      });
      expect(value).toBe('done');
      expect(await store().repositories.guestbookEntries.findById(entry.id)).toEqual(entry);
      expect(await store().repositories.auditEvents.listNewestFirst({ limit: 10 })).toEqual([event]);
    });

    it('rolls every write back when the work fails, and rejects with the same error', async () => {
      const entry = aGuestbookEntry();
      const failure = new Error('boom after two writes');
      await expect(
        store().unitOfWork.transaction(async ({ guestbookEntries, auditEvents }) => {
          await guestbookEntries.add(entry);
          await auditEvents.append(anAuditEvent({ resourceId: entry.id }));
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await store().repositories.guestbookEntries.findById(entry.id)).toBeNull();
      expect(await store().repositories.auditEvents.listNewestFirst({ limit: 10 })).toEqual([]);
    });

    it('sees its own writes inside the transaction', async () => {
      const entry = aGuestbookEntry();
      const seen = await store().unitOfWork.transaction(async ({ guestbookEntries }) => {
        await guestbookEntries.add(entry);
        return guestbookEntries.findById(entry.id);
      });
      expect(seen).toEqual(entry);
    });
  });
}
