import { beforeEach, describe, expect, it } from '@jest/globals';

import { FakeTwoFactorSecrets } from '../../memory';
import { createWorld, errorOf, FROM_BROWSER, OWNER_PASSWORD, sessionOf, valueOf, type World } from '../../test/world';
import type { SessionActor } from './admin-security.use-cases';

describe('two-factor sign-in', () => {
  let world: World;
  let actor: SessionActor;
  let secret: string;
  let recoveryCodes: string[];
  const code = (offsetSteps = 0) =>
    FakeTwoFactorSecrets.codeAt(secret, FakeTwoFactorSecrets.stepOf(world.clock.now()) + offsetSteps);
  const passwordStep = async () => {
    const result = valueOf(
      await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER),
    );
    if (result.twoFactorRequired !== true) throw new Error('expected a challenge');
    return result.challenge;
  };
  const secondStep = (challenge: string, value: string) =>
    world.useCases.completeTwoFactorLogIn.execute({ challenge, code: value }, FROM_BROWSER);
  const actions = async () =>
    (await world.repositories.auditEvents.listNewestFirst({ limit: 100 })).map((event) => event.action);

  beforeEach(async () => {
    world = createWorld();
    const owner = await world.signedInOwner();
    const session = sessionOf(
      await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER),
    );
    const stored = await world.repositories.adminSessions.findByTokenHash(world.tokens.hashOf(session.sessionToken));
    actor = { ...owner, sessionId: stored?.id ?? '' };
    const started = valueOf(await world.useCases.twoFactorSetup.start(actor));
    secret = started.secret;
    expect(started.otpauthUri).toContain(`secret=${secret}`);
    // Off until confirmed: the password alone still signs in.
    sessionOf(await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER));
    expect(errorOf(await world.useCases.twoFactorSetup.confirm({ code: '000000' }, actor)).code).toBe(
      'ADMIN_USER.WRONG_CODE',
    );
    recoveryCodes = valueOf(await world.useCases.twoFactorSetup.confirm({ code: code() }, actor)).recoveryCodes;
    world.clock.advance(30_000);
  });

  it('is on after the first code, with ten distinct recovery codes, audited', async () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await world.repositories.twoFactor.countRecoveryCodes(actor.userId)).toBe(10);
    expect((await world.useCases.getSecurity.execute(actor)).twoFactorEnabled).toBe(true);
    expect(await actions()).toContain('two_factor_enabled');
    // The stored codes are hashes: no code appears in the store.
    const stored = JSON.stringify([...world.persistence.database.recoveryCodes.values()]);
    for (const recoveryCode of recoveryCodes) expect(stored).not.toContain(recoveryCode.replace(/-/g, ''));
    expect(errorOf(await world.useCases.twoFactorSetup.start(actor)).code).toBe('ADMIN_USER.TWO_FACTOR_ALREADY_ON');
  });

  it('asks for a code after the password, and signs in with the current one, once', async () => {
    const challenge = await passwordStep();
    const signedIn = sessionOf(await secondStep(challenge, code()));
    expect(valueOf(await world.useCases.authenticate.execute(signedIn.sessionToken)).user.username).toBe('owner');
    // The challenge is used up, and the code too, even with a new challenge.
    expect(errorOf(await secondStep(challenge, code())).code).toBe('ADMIN_SESSION.CHALLENGE_EXPIRED');
    expect(errorOf(await secondStep(await passwordStep(), code())).code).toBe('ADMIN_SESSION.INVALID_CODE');
    const login = (await world.repositories.auditEvents.listNewestFirst({ limit: 10, filter: { action: 'login' } }))[0];
    expect(login?.details).toEqual({ secondFactor: 'totp' });
  });

  it('accepts the code of one step either side, not two', async () => {
    world.clock.advance(30_000); // the step before is not the confirming code's
    sessionOf(await secondStep(await passwordStep(), code(-1)));
    world.clock.advance(60_000);
    expect(errorOf(await secondStep(await passwordStep(), code(-2))).code).toBe('ADMIN_SESSION.INVALID_CODE');
    sessionOf(await secondStep(await passwordStep(), code(1)));
  });

  it('takes each recovery code once, whatever its case and dashes, and audits it with how many are left', async () => {
    const [first = ''] = recoveryCodes;
    sessionOf(await secondStep(await passwordStep(), ` ${first.toUpperCase().replace(/-/g, ' ')} `));
    expect(errorOf(await secondStep(await passwordStep(), first)).code).toBe('ADMIN_SESSION.INVALID_CODE');
    const used = await world.repositories.auditEvents.listNewestFirst({
      limit: 10,
      filter: { action: 'recovery_code_used' },
    });
    expect(used.map((event) => event.details)).toEqual([{ remaining: 9 }]);
  });

  it('counts wrong codes toward the sign-in limits, then refuses even the right one', async () => {
    const challenge = await passwordStep();
    for (let i = 0; i < 5; i += 1) {
      expect(errorOf(await secondStep(challenge, '999999')).code).toBe('ADMIN_SESSION.INVALID_CODE');
    }
    expect(errorOf(await secondStep(challenge, code())).code).toBe('ADMIN_SESSION.TOO_MANY_ATTEMPTS');
    const failures = await world.repositories.auditEvents.listNewestFirst({
      limit: 20,
      filter: { action: 'login_failed' },
    });
    expect(failures.filter((event) => event.details?.reason === 'invalid_code')).toHaveLength(5);
  });

  it('lets a challenge expire after five minutes', async () => {
    const challenge = await passwordStep();
    world.clock.advance(5 * 60_000);
    expect(errorOf(await secondStep(challenge, code())).code).toBe('ADMIN_SESSION.CHALLENGE_EXPIRED');
    expect(errorOf(await secondStep('', code())).code).toBe('ADMIN_SESSION.CHALLENGE_EXPIRED');
  });

  it('turns off with the password, and from the command line without it', async () => {
    expect(errorOf(await world.useCases.twoFactorSetup.disable({ password: 'wrong password!' }, actor)).code).toBe(
      'ADMIN_USER.WRONG_PASSWORD',
    );
    valueOf(await world.useCases.twoFactorSetup.disable({ password: OWNER_PASSWORD }, actor));
    sessionOf(await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER));
    expect(await world.repositories.twoFactor.countRecoveryCodes(actor.userId)).toBe(0);
    expect(await actions()).toContain('two_factor_disabled');
    expect(valueOf(await world.useCases.twoFactorSetup.disableForUsername('Owner'))).toBe(false);

    valueOf(await world.useCases.twoFactorSetup.start(actor));
    const fresh = (await world.repositories.adminUsers.findById(actor.userId))?.totpSecret ?? '';
    secret = fresh;
    valueOf(await world.useCases.twoFactorSetup.confirm({ code: code() }, actor));
    expect(valueOf(await world.useCases.twoFactorSetup.disableForUsername('owner'))).toBe(true);
    sessionOf(await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER));
  });
});
