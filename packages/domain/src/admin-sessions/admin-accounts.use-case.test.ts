import { beforeEach, describe, expect, it } from '@jest/globals';

import {
  chars,
  createWorld,
  errorOf,
  FROM_BROWSER,
  OWNER_PASSWORD,
  sessionOf,
  valueOf,
  type World,
} from '../../test/world';

describe('admin accounts', () => {
  let world: World;
  const logIn = (username: string, password: string) =>
    world.useCases.logIn.execute({ username, password }, FROM_BROWSER);

  beforeEach(() => {
    world = createWorld();
  });

  describe('CreateAdminUseCase', () => {
    it('creates an account with a normalized username and a hash, never the password', async () => {
      const user = valueOf(await world.useCases.createAdmin.execute({ username: ' Owner ', password: OWNER_PASSWORD }));
      expect(user).toEqual({ id: expect.any(String), username: 'owner' });
      const stored = await world.repositories.adminUsers.findById(user.id);
      expect(stored?.passwordHash).not.toContain(OWNER_PASSWORD);
      const [event] = await world.repositories.auditEvents.listNewestFirst({ limit: 1 });
      expect(event).toMatchObject({ action: 'admin_created', resourceType: 'admin_user', resourceId: user.id });
    });

    it('refuses a taken username', async () => {
      valueOf(await world.useCases.createAdmin.execute({ username: 'owner', password: OWNER_PASSWORD }));
      expect(
        errorOf(await world.useCases.createAdmin.execute({ username: 'OWNER', password: OWNER_PASSWORD })),
      ).toEqual({
        code: 'ADMIN_USER.USERNAME_TAKEN',
        message: 'An admin with that username already exists.',
      });
    });

    it('accepts passwords of 12 to 128 characters only', async () => {
      const create = (username: string, password: string) => world.useCases.createAdmin.execute({ username, password });
      expect(errorOf(await create('a', chars(11))).fieldErrors).toEqual({
        password: 'Password must be at least 12 characters.',
      });
      expect((await create('b', chars(12))).ok).toBe(true);
      expect((await create('c', chars(128))).ok).toBe(true);
      expect(errorOf(await create('d', chars(129))).fieldErrors).toEqual({
        password: 'Password must be at most 128 characters.',
      });
    });

    it('requires a username of at most 50 characters', async () => {
      const create = (username: string) => world.useCases.createAdmin.execute({ username, password: OWNER_PASSWORD });
      expect(errorOf(await create('  ')).fieldErrors).toEqual({ username: 'Username is required.' });
      expect((await create(chars(50))).ok).toBe(true);
      expect(errorOf(await create(chars(51))).fieldErrors).toEqual({
        username: 'Username must be at most 50 characters.',
      });
    });
    it('refuses a username with hidden characters, and signs in with a composed one however it is typed', async () => {
      const create = (username: string) => world.useCases.createAdmin.execute({ username, password: OWNER_PASSWORD });
      expect(errorOf(await create('ow\u200Bner')).fieldErrors).toEqual({
        username: 'Username contains invisible or direction-changing characters.',
      });
      expect(valueOf(await create('Jose\u0301')).username).toBe('jos\u00E9');
      expect((await logIn('jose\u0301', OWNER_PASSWORD)).ok).toBe(true);
      expect((await logIn('JOS\u00C9', OWNER_PASSWORD)).ok).toBe(true);
    });
  });

  describe('EnsureInitialAdminUseCase', () => {
    it('creates the first admin with the configured password', async () => {
      const outcome = valueOf(
        await world.useCases.ensureInitialAdmin.execute({ username: 'admin', password: OWNER_PASSWORD }),
      );
      expect(outcome).toEqual({
        created: true,
        user: { id: expect.any(String), username: 'admin' },
        generatedPassword: null,
      });
      expect((await logIn('admin', OWNER_PASSWORD)).ok).toBe(true);
    });

    it('generates a strong password when none is configured, and it signs in', async () => {
      const outcome = valueOf(await world.useCases.ensureInitialAdmin.execute({ username: 'admin' }));
      if (!outcome.created || outcome.generatedPassword === null) throw new Error('expected a generated password');
      expect(outcome.generatedPassword).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect((await logIn('admin', outcome.generatedPassword)).ok).toBe(true);
    });

    it('does nothing when an admin exists', async () => {
      valueOf(await world.useCases.ensureInitialAdmin.execute({ username: 'admin', password: OWNER_PASSWORD }));
      expect(
        valueOf(await world.useCases.ensureInitialAdmin.execute({ username: 'other', password: 'another-password' })),
      ).toEqual({
        created: false,
      });
      expect(await world.repositories.adminUsers.count()).toBe(1);
    });

    it('reports a configured password that breaks the policy', async () => {
      expect(
        errorOf(await world.useCases.ensureInitialAdmin.execute({ username: 'admin', password: 'short' })).code,
      ).toBe('ADMIN_USER.INVALID');
      expect(await world.repositories.adminUsers.count()).toBe(0);
    });
  });

  describe('ResetAdminPasswordUseCase', () => {
    it('sets a new password, ends every session, and audits it', async () => {
      valueOf(await world.useCases.createAdmin.execute({ username: 'owner', password: OWNER_PASSWORD }));
      const tokens = [sessionOf(await logIn('owner', OWNER_PASSWORD)), sessionOf(await logIn('owner', OWNER_PASSWORD))];

      expect(
        valueOf(
          await world.useCases.resetAdminPassword.execute({ username: 'Owner', password: 'a-brand-new-password' }),
        ),
      ).toEqual({
        revokedSessions: 2,
      });
      for (const { sessionToken } of tokens) {
        expect((await world.useCases.authenticate.execute(sessionToken)).ok).toBe(false);
      }
      expect((await logIn('owner', OWNER_PASSWORD)).ok).toBe(false);
      expect((await logIn('owner', 'a-brand-new-password')).ok).toBe(true);
      const events = await world.repositories.auditEvents.listNewestFirst({ limit: 10 });
      expect(events.map((event) => event.action)).toContain('password_reset');
    });

    it('refuses an unknown admin and a weak password', async () => {
      expect(
        errorOf(await world.useCases.resetAdminPassword.execute({ username: 'ghost', password: OWNER_PASSWORD })).code,
      ).toBe('ADMIN_USER.NOT_FOUND');
      expect(
        errorOf(await world.useCases.resetAdminPassword.execute({ username: 'ghost', password: 'short' })).code,
      ).toBe('ADMIN_USER.INVALID');
    });
  });
});
