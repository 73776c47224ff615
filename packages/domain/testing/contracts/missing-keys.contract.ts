import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { aGuestbookEntry, anAdminSession, anAdminUser, aScholarshipRequest, AT } from '../builders';

/**
 * A key that is missing at run time (undefined or null from a loosely typed caller) must
 * match nothing. Some ORMs read `{ id: undefined }` as "no condition": a lookup then returns
 * the first row, and an update or delete touches every row.
 */
export function missingKeysContract(store: () => Persistence): void {
  describe('missing keys match nothing', () => {
    const missing = [undefined, null, ''] as unknown as string[];

    it('finds no guestbook entry, and reviews none', async () => {
      const entry = aGuestbookEntry();
      await store().repositories.guestbookEntries.add(entry);
      for (const key of missing) {
        expect(await store().repositories.guestbookEntries.findById(key)).toBeNull();
        const review = { isApproved: true, adminNotes: 'x', reviewedAt: AT('2026-02-01T00:00:00.000Z') };
        expect(await store().repositories.guestbookEntries.saveReview(key, review)).toBeNull();
      }
      expect(await store().repositories.guestbookEntries.findById(entry.id)).toEqual(entry);
    });

    it('finds no scholarship request, and decides none', async () => {
      const request = aScholarshipRequest();
      await store().repositories.scholarshipRequests.add(request);
      for (const key of missing) {
        expect(await store().repositories.scholarshipRequests.findById(key)).toBeNull();
        const decision = { status: 'approved' as const, adminNotes: null, decidedAt: AT('2026-02-01T00:00:00.000Z') };
        expect(await store().repositories.scholarshipRequests.decideIfPending(key, decision)).toBeNull();
      }
      expect(await store().repositories.scholarshipRequests.findById(request.id)).toEqual(request);
    });

    it('finds no admin by username or id, and changes no password', async () => {
      const user = anAdminUser();
      await store().repositories.adminUsers.addIfUsernameFree(user);
      for (const key of missing) {
        expect(await store().repositories.adminUsers.findByUsername(key)).toBeNull();
        expect(await store().repositories.adminUsers.findById(key)).toBeNull();
        expect(await store().repositories.adminUsers.updatePasswordHash(key, 'x', AT('2026-02-01T00:00:00.000Z'))).toBe(
          false,
        );
      }
      expect(await store().repositories.adminUsers.findById(user.id)).toEqual(user);
    });

    it('finds no session by token hash, and revokes none', async () => {
      const user = anAdminUser();
      await store().repositories.adminUsers.addIfUsernameFree(user);
      const session = anAdminSession({ userId: user.id });
      await store().repositories.adminSessions.add(session);
      for (const key of missing) {
        expect(await store().repositories.adminSessions.findByTokenHash(key)).toBeNull();
        await store().repositories.adminSessions.touch(key, AT('2026-02-01T00:00:00.000Z'));
        await store().repositories.adminSessions.revoke(key);
        expect(await store().repositories.adminSessions.revokeAllForUser(key)).toBe(0);
      }
      expect(await store().repositories.adminSessions.findByTokenHash(session.tokenHash)).toEqual(session);
    });
  });
}
