import { beforeEach, describe, expect, it } from '@jest/globals';

import { DEFAULT_SESSION_POLICY } from './admin-session';
import { createWorld, errorOf, FROM_BROWSER, OWNER_PASSWORD, sessionOf, valueOf, type World } from '../../test/world';

describe('AuthenticateUseCase', () => {
  let world: World;
  let token: string;
  const SECOND = 1000;
  const { idleTimeoutMs, absoluteTimeoutMs, touchIntervalMs } = DEFAULT_SESSION_POLICY;
  const authenticate = (...value: [string | null | undefined] | []) =>
    world.useCases.authenticate.execute(value.length === 0 ? token : value[0]);

  beforeEach(async () => {
    world = createWorld();
    await world.signedInOwner();
    token = sessionOf(
      await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER),
    ).sessionToken;
  });

  it('knows who holds a valid token', async () => {
    expect(valueOf(await authenticate()).user).toEqual({ id: expect.any(String), username: 'owner' });
  });

  it('never matches a missing, empty or blank token, and never looks one up', async () => {
    const lookups: string[] = [];
    const sessions = world.repositories.adminSessions;
    const findByTokenHash = sessions.findByTokenHash.bind(sessions);
    sessions.findByTokenHash = (hash) => {
      lookups.push(hash);
      return findByTokenHash(hash);
    };
    for (const value of [undefined, null, '', '   ']) {
      expect(errorOf(await authenticate(value))).toEqual({
        code: 'ADMIN_SESSION.NOT_AUTHENTICATED',
        message: 'Please sign in to continue.',
      });
    }
    expect(lookups).toEqual([]);
  });

  it('refuses an unknown token', async () => {
    expect(errorOf(await authenticate(`${token}x`)).code).toBe('ADMIN_SESSION.NOT_AUTHENTICATED');
  });

  it('keeps an idle session alive one second before the idle timeout', async () => {
    world.clock.advance(idleTimeoutMs - SECOND);
    expect((await authenticate()).ok).toBe(true);
  });

  it('ends an idle session one second after the idle timeout, and removes it', async () => {
    world.clock.advance(idleTimeoutMs + SECOND);
    expect(errorOf(await authenticate()).code).toBe('ADMIN_SESSION.NOT_AUTHENTICATED');
    expect(await world.repositories.adminSessions.findByTokenHash(world.tokens.hashOf(token))).toBeNull();
  });

  it('moves the idle deadline with use, at most once per touch interval', async () => {
    const hash = world.tokens.hashOf(token);
    world.clock.advance(touchIntervalMs - SECOND);
    await authenticate();
    const notTouched = await world.repositories.adminSessions.findByTokenHash(hash);
    expect(notTouched?.lastSeenAt).toEqual(notTouched?.createdAt);

    world.clock.advance(SECOND);
    await authenticate();
    expect((await world.repositories.adminSessions.findByTokenHash(hash))?.lastSeenAt).toEqual(world.clock.now());
  });

  /** Uses the session every 15 minutes (never idle), then waits out the rest to `msAfterStart`. */
  async function keepActiveUntil(msAfterStart: number): Promise<void> {
    const step = idleTimeoutMs / 2;
    const lastUse = Math.min(msAfterStart, absoluteTimeoutMs - SECOND);
    let elapsed = 0;
    while (elapsed + step <= lastUse) {
      world.clock.advance(step);
      elapsed += step;
      valueOf(await authenticate());
    }
    world.clock.advance(msAfterStart - elapsed);
  }

  it('keeps an active session one second before the absolute timeout', async () => {
    await keepActiveUntil(absoluteTimeoutMs - SECOND);
    expect((await authenticate()).ok).toBe(true);
  });

  it('ends an active session one second after the absolute timeout', async () => {
    await keepActiveUntil(absoluteTimeoutMs + SECOND);
    expect(errorOf(await authenticate()).code).toBe('ADMIN_SESSION.NOT_AUTHENTICATED');
  });
});
