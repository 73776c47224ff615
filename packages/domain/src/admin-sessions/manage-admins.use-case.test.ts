import { beforeEach, describe, expect, it } from '@jest/globals';

import { FakeTwoFactorSecrets } from '../../memory';
import { createWorld, errorOf, FROM_BROWSER, OWNER_PASSWORD, sessionOf, valueOf, type World } from '../../test/world';
import type { Actor } from '../shared/request-context';

describe('admins and the owner’s security alerts', () => {
  let world: World;
  let owner: Actor;
  const sendAll = () => world.useCases.sendDueDeliveries.execute();
  const subjects = () => world.mailer.sent.map((email) => email.subject);

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
  });

  it('adds an admin with a temporary password that signs in, lists them, and emails the owner', async () => {
    const added = valueOf(await world.useCases.manageAdmins.add({ username: ' Editor ' }, owner));
    expect(added.admin).toMatchObject({ username: 'editor', twoFactorEnabled: false });
    expect(added.temporaryPassword).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    sessionOf(
      await world.useCases.logIn.execute({ username: 'editor', password: added.temporaryPassword }, FROM_BROWSER),
    );
    expect((await world.useCases.manageAdmins.list()).map((admin) => admin.username)).toEqual(['owner', 'editor']);
    expect(errorOf(await world.useCases.manageAdmins.add({ username: 'EDITOR' }, owner)).code).toBe(
      'ADMIN_USER.USERNAME_TAKEN',
    );
    const audited = await world.repositories.auditEvents.listNewestFirst({
      limit: 5,
      filter: { action: 'admin_added' },
    });
    expect(audited.map((event) => [event.userId, event.details])).toEqual([[owner.userId, { username: 'editor' }]]);
    await sendAll();
    expect(subjects()).toContain('New admin "editor"');
    expect(world.mailer.sent.find((email) => email.subject === 'New admin "editor"')?.text).toContain(
      '"owner" added the admin "editor"',
    );
  });

  it('removes an admin and their sessions, never the last one', async () => {
    const added = valueOf(await world.useCases.manageAdmins.add({ username: 'editor' }, owner));
    const session = sessionOf(
      await world.useCases.logIn.execute({ username: 'editor', password: added.temporaryPassword }, FROM_BROWSER),
    );
    valueOf(await world.useCases.manageAdmins.remove(added.admin.id, owner));
    expect((await world.useCases.authenticate.execute(session.sessionToken)).ok).toBe(false);
    expect(errorOf(await world.useCases.manageAdmins.remove(added.admin.id, owner)).code).toBe('ADMIN_USER.NOT_FOUND');
    expect(errorOf(await world.useCases.manageAdmins.remove(owner.userId, owner)).code).toBe('ADMIN_USER.LAST_ADMIN');
    const removed = await world.repositories.auditEvents.listNewestFirst({
      limit: 5,
      filter: { action: 'admin_removed' },
    });
    expect(removed.map((event) => event.details)).toEqual([{ username: 'editor' }]);
  });

  it('emails the owner on a sign-in from a device not seen before, not on a known one nor the first', async () => {
    const logIn = (userAgent: string) =>
      world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, { ...FROM_BROWSER, userAgent });
    sessionOf(await logIn('Firefox on Linux'));
    sessionOf(await logIn('Firefox on Linux'));
    await sendAll();
    expect(subjects()).toEqual([]);
    sessionOf(await logIn('Safari on iPhone'));
    await sendAll();
    expect(subjects()).toEqual(['New device signed in to "owner"']);
    expect(world.mailer.sent[0]?.text).toContain('Safari on iPhone');
  });

  it('emails the owner when two-factor sign-in is turned off', async () => {
    const session = sessionOf(
      await world.useCases.logIn.execute({ username: 'owner', password: OWNER_PASSWORD }, FROM_BROWSER),
    );
    const stored = await world.repositories.adminSessions.findByTokenHash(world.tokens.hashOf(session.sessionToken));
    const actor = { ...owner, sessionId: stored?.id ?? '' };
    const { secret } = valueOf(await world.useCases.twoFactorSetup.start(actor));
    const code = FakeTwoFactorSecrets.codeAt(secret, FakeTwoFactorSecrets.stepOf(world.clock.now()));
    valueOf(await world.useCases.twoFactorSetup.confirm({ code }, actor));
    valueOf(await world.useCases.twoFactorSetup.disable({ password: OWNER_PASSWORD }, actor));
    await sendAll();
    expect(subjects()).toEqual(['Two-factor sign-in turned off for "owner"']);
  });
});
