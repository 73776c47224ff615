import { beforeEach, describe, expect, it } from '@jest/globals';

import {
  createWorld,
  errorOf,
  FROM_BROWSER,
  LOGIN_ACCOUNT_POLICY,
  LOGIN_POLICY,
  OWNER_PASSWORD,
  sessionOf,
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
    const success = sessionOf(await logIn('owner', OWNER_PASSWORD));
    expect(success.sessionToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(success.user).toEqual({ id: expect.any(String), username: 'owner' });
    expect(success.expiresAt).toEqual(new Date(world.clock.now().getTime() + 12 * 3_600_000));

    const stored = await world.repositories.adminSessions.findByTokenHash(world.tokens.hashOf(success.sessionToken));
    expect(stored).toMatchObject({ userId: success.user.id, lastSeenAt: world.clock.now() });
    expect(JSON.stringify(world.persistence.database.adminSessions.get(stored?.id ?? ''))).not.toContain(
      success.sessionToken,
    );
  });

  it('gives each sign-in a different token', async () => {
    const first = sessionOf(await logIn('owner', OWNER_PASSWORD));
    const second = sessionOf(await logIn('owner', OWNER_PASSWORD));
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

  it(`locks a username from one address after ${LOGIN_POLICY.max} failures, even for the right password, until the window ends`, async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) {
      expect(errorOf(await logIn('owner', 'wrong', '198.51.100.1')).code).toBe('ADMIN_SESSION.INVALID_CREDENTIALS');
    }
    const locked = errorOf(await logIn('owner', OWNER_PASSWORD, '198.51.100.1'));
    expect(locked).toEqual({
      code: 'ADMIN_SESSION.TOO_MANY_ATTEMPTS',
      message: 'Too many failed sign-in attempts. Please wait and try again.',
      retryAfterSeconds: 15 * 60,
    });
    expect(await auditActions()).toContain('login_failed');

    world.clock.advance(LOGIN_POLICY.windowMs - 1000);
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, '198.51.100.1')).retryAfterSeconds).toBe(1);
    world.clock.advance(1000);
    expect((await logIn('owner', OWNER_PASSWORD, '198.51.100.1')).ok).toBe(true);
  });

  it('lets the owner in from an address that has not failed, however many others have', async () => {
    for (let host = 0; host < 10; host += 1) {
      for (let i = 0; i < LOGIN_POLICY.max; i += 1) await logIn('owner', 'wrong', `198.51.100.${host}`);
    }
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, '198.51.100.0')).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
    expect((await logIn('owner', OWNER_PASSWORD, '192.0.2.44')).ok).toBe(true);
  });

  it(`checks only ${LOGIN_POLICY.max} of 20 wrong passwords sent at the same moment`, async () => {
    const before = world.passwordHasher.calls;
    const results = await Promise.all(Array.from({ length: 20 }, () => logIn('owner', 'wrong', '198.51.100.7')));
    expect(world.passwordHasher.calls - before).toBe(LOGIN_POLICY.max);
    expect(results.map((result) => (result.ok ? 'ok' : result.error.code)).sort()).toEqual([
      ...Array.from({ length: LOGIN_POLICY.max }, () => 'ADMIN_SESSION.INVALID_CREDENTIALS'),
      ...Array.from({ length: 20 - LOGIN_POLICY.max }, () => 'ADMIN_SESSION.TOO_MANY_ATTEMPTS'),
    ]);
    // A refused attempt gives its reservation back: the windows count the checked ones.
    for (const key of ['login:pair:198.51.100.7:owner', 'login:ip:198.51.100.7']) {
      expect(await world.persistence.rateLimits.peek(key, world.clock.now())).toMatchObject({
        count: LOGIN_POLICY.max,
      });
    }
  });

  it(`past ${LOGIN_ACCOUNT_POLICY.max} failures on the account, emails the owner once and refuses the addresses that failed`, async () => {
    // Three failures from each of four addresses: no address reaches its own limit.
    for (let host = 1; host <= 4; host += 1) {
      for (let i = 0; i < 3; i += 1) {
        expect(errorOf(await logIn('owner', 'wrong', `203.0.113.${host}`)).code).toBe(
          'ADMIN_SESSION.INVALID_CREDENTIALS',
        );
      }
    }
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, '203.0.113.1'))).toMatchObject({
      code: 'ADMIN_SESSION.TOO_MANY_ATTEMPTS',
      retryAfterSeconds: 15 * 60,
    });
    // A new address gets one guess, then it has failed too.
    expect(errorOf(await logIn('owner', 'wrong', '203.0.113.50')).code).toBe('ADMIN_SESSION.INVALID_CREDENTIALS');
    expect(errorOf(await logIn('owner', 'wrong', '203.0.113.50')).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
    expect((await logIn('owner', OWNER_PASSWORD, '192.0.2.9')).ok).toBe(true);

    // Unknown usernames never alert: there is no account to warn about.
    for (let i = 0; i < LOGIN_ACCOUNT_POLICY.max; i += 1) await logIn('nobody', 'wrong', `198.51.100.${i}`);

    expect((await world.useCases.sendDueDeliveries.execute()).sent).toBe(1);
    const [alert] = world.mailer.sent;
    expect(alert).toMatchObject({ to: 'owner@memoir.example', subject: '12 failed sign-ins to the account "owner"' });
    expect(alert?.text).toContain('within 15 minute(s)');
    expect(alert?.text).toContain('https://admin.memoir.example/admin/logs');

    // The next window may alert again.
    world.clock.advance(LOGIN_ACCOUNT_POLICY.windowMs);
    for (let i = 0; i < LOGIN_ACCOUNT_POLICY.max; i += 1) await logIn('owner', 'wrong', `192.0.2.${100 + i}`);
    expect((await world.useCases.sendDueDeliveries.execute()).sent).toBe(1);
  });

  it('counts the refusals of a throttled address into one audit event per window', async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) await logIn(`guess${i}`, 'wrong', '192.0.2.1');
    for (let i = 0; i < 30; i += 1) await logIn(`again${i}`, 'wrong', '192.0.2.1');
    const refusals = async () =>
      (await world.repositories.auditEvents.listNewestFirst({ limit: 100 })).filter(
        (event) => event.details?.reason === 'too_many_attempts',
      );
    expect(await refusals()).toEqual([
      expect.objectContaining({
        action: 'login_failed',
        userId: null,
        ipAddress: '192.0.2.1',
        details: { username: 'again0', reason: 'too_many_attempts', refusals: 30 },
      }),
    ]);
    world.clock.advance(LOGIN_POLICY.windowMs);
    for (let i = 0; i < LOGIN_POLICY.max + 2; i += 1) await logIn('late', 'wrong', '192.0.2.1');
    expect((await refusals()).map((event) => event.details?.refusals)).toEqual([2, 30]);
  });

  it('keeps 200 characters of the user agent in every audit event', async () => {
    const userAgent = `Guesser ${'x'.repeat(600)}`;
    await world.useCases.logIn.execute({ username: 'owner', password: 'wrong' }, { ...FROM_BROWSER, userAgent });
    await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, { ...FROM_BROWSER, userAgent });
    const events = (await world.repositories.auditEvents.listNewestFirst({ limit: 10 })).filter((event) =>
      event.action.startsWith('login'),
    );
    expect(events.map((event) => event.userAgent)).toEqual([userAgent.slice(0, 200), userAgent.slice(0, 200)]);
  });

  it(`locks an address after ${LOGIN_POLICY.max} failures across usernames; other addresses go on`, async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) await logIn(`guess${i}`, 'wrong', '192.0.2.1');
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, '192.0.2.1')).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
    expect((await logIn('owner', OWNER_PASSWORD, '192.0.2.2')).ok).toBe(true);
  });

  it('starts counting a username afresh after a successful sign-in', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < LOGIN_POLICY.max - 1; i += 1) await logIn('owner', 'wrong', null);
      expect((await logIn('owner', OWNER_PASSWORD, null)).ok).toBe(true);
    }
  });

  it('does not count a right password against its address', async () => {
    for (let i = 0; i < LOGIN_POLICY.max * 2; i += 1) expect((await logIn('owner', OWNER_PASSWORD)).ok).toBe(true);
    expect(
      await world.persistence.rateLimits.peek(`login:ip:${FROM_BROWSER.ipAddress}`, world.clock.now()),
    ).toMatchObject({
      count: 0,
    });
  });

  it('throttles by username alone when the address is unknown', async () => {
    for (let i = 0; i < LOGIN_POLICY.max; i += 1) await logIn('owner', 'wrong', null);
    expect(errorOf(await logIn('owner', OWNER_PASSWORD, null)).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
  });
});
