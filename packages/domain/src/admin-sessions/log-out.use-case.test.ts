import { beforeEach, describe, expect, it } from '@jest/globals';

import { createWorld, errorOf, FROM_BROWSER, OWNER_PASSWORD, sessionOf, valueOf, type World } from '../../test/world';

describe('LogOutUseCase', () => {
  let world: World;
  let token: string;

  beforeEach(async () => {
    world = createWorld();
    await world.signedInOwner();
    token = sessionOf(
      await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER),
    ).sessionToken;
  });

  it('revokes the session so the token stops working, and audits it', async () => {
    valueOf(await world.useCases.logOut.execute(token, FROM_BROWSER));
    expect(errorOf(await world.useCases.authenticate.execute(token)).code).toBe('ADMIN_SESSION.NOT_AUTHENTICATED');
    const [latest] = await world.repositories.auditEvents.listNewestFirst({ limit: 1 });
    expect(latest).toMatchObject({ action: 'logout', resourceType: 'admin_session', ...FROM_BROWSER });
  });

  it('leaves other sessions of the same owner signed in', async () => {
    const other = sessionOf(
      await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER),
    ).sessionToken;
    valueOf(await world.useCases.logOut.execute(token, FROM_BROWSER));
    expect((await world.useCases.authenticate.execute(other)).ok).toBe(true);
  });

  it('refuses a token that is not signed in', async () => {
    for (const value of ['', undefined, 'not-a-session']) {
      expect(errorOf(await world.useCases.logOut.execute(value, FROM_BROWSER)).code).toBe(
        'ADMIN_SESSION.NOT_AUTHENTICATED',
      );
    }
  });
});
