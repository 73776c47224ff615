import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/shared/persistence';
import { anAdminSession, anAdminUser, AT } from '../builders';

export function adminUserRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('AdminUserRepository', () => {
    const repo = () => store().repositories.adminUsers;

    it('adds a user and finds it by username and by id', async () => {
      const user = anAdminUser({ username: 'owner' });
      expect(await repo().addIfUsernameFree(user)).toBe(true);
      expect(await repo().findByUsername('owner')).toEqual(user);
      expect(await repo().findById(user.id)).toEqual(user);
      expect(await repo().count()).toBe(1);
    });

    it('refuses a second user with a taken username', async () => {
      await repo().addIfUsernameFree(anAdminUser({ username: 'owner' }));
      expect(await repo().addIfUsernameFree(anAdminUser({ username: 'owner' }))).toBe(false);
      expect(await repo().count()).toBe(1);
    });

    it(`creates exactly one of ${concurrency} concurrent users with the same username`, async () => {
      const added = await Promise.all(
        Array.from({ length: concurrency }, () => repo().addIfUsernameFree(anAdminUser({ username: 'first' }))),
      );
      expect(added.filter(Boolean)).toHaveLength(1);
      expect(await repo().count()).toBe(1);
    });

    it('finds nothing for an empty, unknown or differently spelled username, or an empty id', async () => {
      await repo().addIfUsernameFree(anAdminUser({ username: 'owner' }));
      expect(await repo().findByUsername('')).toBeNull();
      expect(await repo().findByUsername('stranger')).toBeNull();
      expect(await repo().findByUsername('owner2')).toBeNull();
      expect(await repo().findById('')).toBeNull();
      expect(await repo().findById('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000')).toBeNull();
    });

    it('replaces the password hash of an existing user only', async () => {
      const user = anAdminUser();
      await repo().addIfUsernameFree(user);
      const updatedAt = AT('2026-03-01T00:00:00.000Z');
      expect(await repo().updatePasswordHash(user.id, 'new-hash', updatedAt)).toBe(true);
      expect(await repo().findById(user.id)).toEqual({ ...user, passwordHash: 'new-hash', updatedAt });
      expect(await repo().updatePasswordHash('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000', 'x', updatedAt)).toBe(false);
    });
  });
}

export function adminSessionRepositoryContract(store: () => Persistence): void {
  describe('AdminSessionRepository', () => {
    const repo = () => store().repositories.adminSessions;
    const users = () => store().repositories.adminUsers;

    async function aStoredUserId(username = 'owner'): Promise<string> {
      const user = anAdminUser({ username });
      await users().addIfUsernameFree(user);
      return user.id;
    }

    it('finds a session by its token hash', async () => {
      const session = anAdminSession({ userId: await aStoredUserId(), createdAt: AT('2026-01-10T09:00:00.123Z') });
      await repo().add(session);
      expect(await repo().findByTokenHash(session.tokenHash)).toEqual(session);
    });

    it('finds nothing for an empty or unknown token hash', async () => {
      await repo().add(anAdminSession({ userId: await aStoredUserId() }));
      expect(await repo().findByTokenHash('')).toBeNull();
      expect(await repo().findByTokenHash('no-such-hash')).toBeNull();
    });

    it('moves lastSeenAt when touched, and ignores a missing session', async () => {
      const session = anAdminSession({ userId: await aStoredUserId() });
      await repo().add(session);
      await repo().touch(session.id, AT('2026-01-10T09:10:00.500Z'));
      expect(await repo().findByTokenHash(session.tokenHash)).toEqual({
        ...session,
        lastSeenAt: AT('2026-01-10T09:10:00.500Z'),
      });
      await expect(
        repo().touch('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000', AT('2026-01-10T09:10:00.000Z')),
      ).resolves.toBeUndefined();
    });

    it('revokes one session', async () => {
      const userId = await aStoredUserId();
      const kept = anAdminSession({ userId });
      const revoked = anAdminSession({ userId });
      await repo().add(kept);
      await repo().add(revoked);
      await repo().revoke(revoked.id);
      expect(await repo().findByTokenHash(revoked.tokenHash)).toBeNull();
      expect(await repo().findByTokenHash(kept.tokenHash)).toEqual(kept);
    });

    it("revokes every session of one user and no one else's", async () => {
      const owner = await aStoredUserId('owner');
      const other = await aStoredUserId('other');
      const mine = [anAdminSession({ userId: owner }), anAdminSession({ userId: owner })];
      const theirs = anAdminSession({ userId: other });
      for (const session of [...mine, theirs]) await repo().add(session);

      expect(await repo().revokeAllForUser(owner)).toBe(2);
      for (const session of mine) expect(await repo().findByTokenHash(session.tokenHash)).toBeNull();
      expect(await repo().findByTokenHash(theirs.tokenHash)).toEqual(theirs);
    });
  });
}
