import { beforeEach, describe, expect, it } from '@jest/globals';

import {
  createWorld,
  errorOf,
  FROM_BROWSER,
  LOGIN_POLICY,
  OWNER_PASSWORD,
  valueOf,
  type World,
} from '../../test/world';

describe('LogInUseCase', () => {
  let world: World;
  const logIn = (username: string, password: string, ipAddress: string | null = FROM_BROWSER.ipAddress) =>
    world.useCases.logIn.execute({ username, password }, { ...FROM_BROWSER, ipAddress });
  const auditActions = async () =>
    (await world.repositories.auditEvents.listNewestFirst({ limit: 100 })).map((event) => event.action);

  beforeEach(async () => {
    world = createWorld();
    await world.signedInOwner();
  });

  it('signs the owner in with a fresh token, storing only its hash', async () => {
    const success = valueOf(await logIn('owner', OWNER_PASSWORD));
    expect(success.sessionToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(success.user).toEqual({ id: expect.any(String), username: 'owner' });
    expect(success.expiresAt).toEqual(new Date(world.clock.now().getTime() + 12 * 3_600_000));

    const stored = await world.repositories.adminSessions.findByTokenHash(world.tokens.hash(success.sessionToken));
    expect(stored).toMatchObject({ userId: success.user.id, lastSeenAt: world.clock.now() });
    expect(JSON.stringify(world.persistence.database.adminSessions.get(stored?.id ?? ''))).not.toContain(
      success.sessionToken,
    );
  });

  it('gives each sign-in a different token', async () => {
    const first = valueOf(await logIn('owner', OWNER_PASSWORD));
    const second = valueOf(await logIn('owner', OWNER_PASSWORD));
    expect(first.sessionToken).not.toBe(second.sessionToken);
  });

  it('matches the username ignoring case and surrounding spaces', async () => {
    expect((await logIn('  OWNER ', OWNER_PASSWORD)).ok).toBe(true);
  });

  it('answers an unknown user exactly as a wrong password, after the same hashing work', async () => {
    const callsBefore = world.passwordHasher.calls;
    const wrongPassword = errorOf(await logIn('owner', 'not-the-password'));
    const afterWrongPassword = world.passwordHasher.calls;
    await logIn('stranger', 'not-the-password'); // first unknown user also makes the dummy hash
    const afterFirstUnknown = world.passwordHasher.calls;
    const unknownUser = errorOf(await logIn('intruder', 'not-the-password'));

    expect(unknownUser).toEqual(wrongPassword);
    expect(wrongPassword).toEqual({
      code: 'ADMIN_SESSION.INVALID_CREDENTIALS',
      message: 'Invalid username or password.',
    });
    expect(afterWrongPassword - callsBefore).toBe(1);
    expect(world.passwordHasher.calls - afterFirstUnknown).toBe(1);
  });

  it('audits a successful and a failed sign-in, never with the password', async () => {
    await logIn('owner', 'wrong-password-1');
    await logIn('owner', OWNER_PASSWORD);
    const [login, failed] = await world.repositories.auditEvents.listNewestFirst({ limit: 2 });
    expect(login).toMatchObject({ action: 'login', resourceType: 'admin_session', ...FROM_BROWSER });
    expect(failed).toMatchObject({
      action: 'login_failed',
      details: { username: 'owner', reason: 'invalid_credentials' },
    });
    expect(JSON.stringify([login, failed])).not.toMatch(/wrong-password-1|a-long-enough-password/);
  });

  it('refuses empty credentials without counting them as an attempt', async () => {
    expect(errorOf(await logIn('', OWNER_PASSWORD)).code).toBe('ADMIN_SESSION.INVALID_CREDENTIALS');
    expect(errorOf(await logIn('owner', '')).code).toBe('ADMIN_SESSION.INVALID_CREDENTIALS');
    expect(await world.persistence.rateLimits.peek('login:user:owner', world.clock.now())).toBeNull();
  });

  it(`locks a username after ${LOGIN_POLICY.max} failures, even for the right password, until the window ends`, async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) {
      expect(errorOf(await logIn('owner', 'wrong', `198.51.100.${i}`)).code).toBe('ADMIN_SESSION.INVALID_CREDENTIALS');
    }
    const locked = errorOf(await logIn('owner', OWNER_PASSWORD, '198.51.100.99'));
    expect(locked).toEqual({
      code: 'ADMIN_SESSION.TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Please wait and try again.',
      retryAfterSeconds: 15 * 60,
    });
    expect(await auditActions()).toContain('login_failed');

    world.clock.advance(LOGIN_POLICY.windowMs - 1000);
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, '198.51.100.99')).retryAfterSeconds).toBe(1);
    world.clock.advance(1000);
    expect((await logIn('owner', OWNER_PASSWORD, '198.51.100.99')).ok).toBe(true);
  });

  it(`locks an address after ${LOGIN_POLICY.max} failures across usernames; other addresses go on`, async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) await logIn(`guess${i}`, 'wrong', '192.0.2.1');
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, '192.0.2.1')).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
    expect((await logIn('owner', OWNER_PASSWORD, '192.0.2.2')).ok).toBe(true);
  });

  it('starts counting a username afresh after a successful sign-in', async () => {
    for (let i = 0; i < LOGIN_POLICY.max - 1; i += 1) await logIn('owner', 'wrong', `198.51.100.${i}`);
    expect((await logIn('owner', OWNER_PASSWORD, '198.51.100.50')).ok).toBe(true);
    for (let i = 0; i < LOGIN_POLICY.max - 1; i += 1) await logIn('owner', 'wrong', `198.51.100.${10 + i}`);
    expect((await logIn('owner', OWNER_PASSWORD, '198.51.100.51')).ok).toBe(true);
  });

  it('throttles by username alone when the address is unknown', async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) await logIn('owner', 'wrong', null);
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, null)).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
  });
});
