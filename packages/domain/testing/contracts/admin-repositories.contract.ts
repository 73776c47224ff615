import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
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

    it("lists a user's sessions oldest first, ends one of theirs only, and all but one", async () => {
      const owner = await aStoredUserId('owner');
      const other = await aStoredUserId('other');
      const first = anAdminSession({ userId: owner, createdAt: AT('2026-01-10T08:00:00.000Z'), ipAddress: null });
      const second = anAdminSession({ userId: owner, createdAt: AT('2026-01-10T09:00:00.000Z') });
      const third = anAdminSession({ userId: owner, createdAt: AT('2026-01-10T10:00:00.000Z') });
      const theirs = anAdminSession({ userId: other });
      for (const session of [third, first, theirs, second]) await repo().add(session);

      expect(await repo().listForUser(owner)).toEqual([first, second, third]);
      expect(await repo().revokeOfUser(theirs.id, owner)).toBe(false);
      expect(await repo().revokeOfUser(first.id, owner)).toBe(true);
      expect(await repo().revokeOfUser(first.id, owner)).toBe(false);
      expect(await repo().revokeAllForUserExcept(owner, third.id)).toBe(1);
      expect(await repo().listForUser(owner)).toEqual([third]);
      expect(await repo().findByTokenHash(theirs.tokenHash)).toEqual(theirs);
    });
  });

  describe('AdminUserRepository: admins and two-factor', () => {
    const users = () => store().repositories.adminUsers;
    const twoFactor = () => store().repositories.twoFactor;

    it('lists admins oldest first and removes one, never the last', async () => {
      const owner = anAdminUser({ username: 'owner', createdAt: AT('2026-01-01T00:00:00.000Z') });
      const editor = anAdminUser({ username: 'editor', createdAt: AT('2026-01-02T00:00:00.000Z') });
      await users().addIfUsernameFree(editor);
      await users().addIfUsernameFree(owner);
      await store().repositories.adminSessions.add(anAdminSession({ userId: editor.id }));
      expect(await users().listAll()).toEqual([owner, editor]);
      const remove = (id: string) =>
        store().unitOfWork.transaction(({ adminUsers }) => adminUsers.removeUnlessLast(id));
      expect(await remove('0d6f6b8e-3c38-4a52-9d7c-00000000dead')).toBe('missing');
      expect(await remove(editor.id)).toBe('removed');
      expect(await store().repositories.adminSessions.listForUser(editor.id)).toEqual([]);
      expect(await remove(owner.id)).toBe('last');
      expect(await users().listAll()).toEqual([owner]);
    });

    it('of two admins removed at once, keeps one', async () => {
      const a = anAdminUser({ username: 'a' });
      const b = anAdminUser({ username: 'b' });
      await users().addIfUsernameFree(a);
      await users().addIfUsernameFree(b);
      const results = await Promise.all(
        [a, b].map((user) => store().unitOfWork.transaction(({ adminUsers }) => adminUsers.removeUnlessLast(user.id))),
      );
      expect(results.sort()).toEqual(['last', 'removed']);
      expect(await users().count()).toBe(1);
    });

    it('sets the two-factor state and accepts each TOTP step once, never an older one', async () => {
      const user = anAdminUser();
      await users().addIfUsernameFree(user);
      const at = AT('2026-02-01T00:00:00.000Z');
      expect(await users().setTwoFactor(user.id, { totpSecret: 'JBSWY3DPEHPK3PXP', enabled: true }, at)).toBe(true);
      expect(await users().findById(user.id)).toEqual({
        ...user,
        totpSecret: 'JBSWY3DPEHPK3PXP',
        twoFactorEnabled: true,
        totpLastStep: null,
        updatedAt: at,
      });
      expect(await users().useTotpStep(user.id, 100)).toBe(true);
      expect(await users().useTotpStep(user.id, 100)).toBe(false);
      expect(await users().useTotpStep(user.id, 99)).toBe(false);
      expect(await users().useTotpStep(user.id, 101)).toBe(true);
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => users().useTotpStep(user.id, 200)));
      expect(concurrent.filter(Boolean)).toHaveLength(1);
      expect(await users().setTwoFactor(user.id, { totpSecret: null, enabled: false }, at)).toBe(true);
      expect(await users().findById(user.id)).toMatchObject({
        totpSecret: null,
        twoFactorEnabled: false,
        totpLastStep: null,
      });
    });

    it('uses each recovery code once, even when used at once, and replaces them all', async () => {
      const user = anAdminUser();
      await users().addIfUsernameFree(user);
      const at = AT('2026-02-01T00:00:00.000Z');
      const hashes = Array.from({ length: 10 }, (_, i) => `${'a'.repeat(62)}${String(i).padStart(2, '0')}`);
      await twoFactor().replaceRecoveryCodes(user.id, hashes, at);
      expect(await twoFactor().countRecoveryCodes(user.id)).toBe(10);
      const used = await Promise.all(Array.from({ length: 5 }, () => twoFactor().useRecoveryCode(user.id, hashes[0]!)));
      expect(used.filter(Boolean)).toHaveLength(1);
      expect(await twoFactor().useRecoveryCode(user.id, 'unknown')).toBe(false);
      expect(await twoFactor().useRecoveryCode(user.id, '')).toBe(false);
      expect(await twoFactor().countRecoveryCodes(user.id)).toBe(9);
      await twoFactor().replaceRecoveryCodes(user.id, [hashes[0]!], at);
      expect(await twoFactor().useRecoveryCode(user.id, hashes[1]!)).toBe(false);
      expect(await twoFactor().useRecoveryCode(user.id, hashes[0]!)).toBe(true);
    });

    it('gives a challenge once, not after it expired, and clears them with the codes', async () => {
      const user = anAdminUser();
      await users().addIfUsernameFree(user);
      const createdAt = AT('2026-02-01T00:00:00.000Z');
      const expiresAt = AT('2026-02-01T00:05:00.000Z');
      const challenge = {
        id: '0d6f6b8e-3c38-4a52-9d7c-0000000000c1',
        userId: user.id,
        tokenHash: 'h1',
        createdAt,
        expiresAt,
      };
      await twoFactor().addChallenge(challenge);
      expect(await twoFactor().findChallenge('h1', createdAt)).toEqual(challenge);
      expect(await twoFactor().findChallenge('h1', expiresAt)).toBeNull();
      const taken = await Promise.all(Array.from({ length: 5 }, () => twoFactor().takeChallenge('h1', createdAt)));
      expect(taken.filter((t) => t !== null)).toEqual([challenge]);
      await twoFactor().addChallenge({ ...challenge, id: '0d6f6b8e-3c38-4a52-9d7c-0000000000c2', tokenHash: 'h2' });
      expect(await twoFactor().takeChallenge('h2', expiresAt)).toBeNull();
      expect(await twoFactor().takeChallenge('h2', createdAt)).toBeNull();
      await twoFactor().addChallenge({ ...challenge, id: '0d6f6b8e-3c38-4a52-9d7c-0000000000c3', tokenHash: 'h3' });
      await twoFactor().replaceRecoveryCodes(user.id, ['x'.repeat(64)], createdAt);
      await twoFactor().clearForUser(user.id);
      expect(await twoFactor().takeChallenge('h3', createdAt)).toBeNull();
      expect(await twoFactor().countRecoveryCodes(user.id)).toBe(0);
      expect(await twoFactor().takeChallenge('', createdAt)).toBeNull();
    });
  });
}
