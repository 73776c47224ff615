import type { AdminListItem, SecurityOverview } from '@memoir/domain';
import type { Admin, SecurityResponse as Security } from '@memoir/shared';

import { actor, error, idOf, orFail, retryAfter, sessionActor } from './calls';
import type { Capability } from './route-spec';

/* The Security screen: two-factor sign-in, one's own sessions, the password, the admins. */

export const presentAdmin = (admin: AdminListItem): Admin => ({
  id: admin.id,
  username: admin.username,
  createdAt: admin.createdAt.toISOString(),
  twoFactorEnabled: admin.twoFactorEnabled,
});

export const presentSecurity = (security: SecurityOverview): Security => ({
  success: true,
  twoFactorEnabled: security.twoFactorEnabled,
  sessions: security.sessions.map((session) => ({
    id: session.id,
    current: session.current,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
  })),
});

const TOO_MANY_PASSWORDS = (what: string) => error(`Too many wrong ${what} (LOGIN_RATE_LIMIT)`, retryAfter);

export const securityRoutes: Capability<
  | 'security'
  | 'startTwoFactor'
  | 'confirmTwoFactor'
  | 'disableTwoFactor'
  | 'endSession'
  | 'endOtherSessions'
  | 'changePassword'
  | 'listAdmins'
  | 'addAdmin'
  | 'removeAdmin'
> = ({ useCases }) => ({
  security: {
    summary: "The signed-in admin's security: whether two-factor sign-in is on, and their live sessions",
    answered: 'This session first, then the most recently active',
    handle: async ({ ctx }) => presentSecurity(await useCases.getSecurity.execute(sessionActor(ctx))),
  },
  startTwoFactor: {
    summary: 'Set up two-factor sign-in: a new secret, off until a first code confirms it',
    answered: 'The secret, as text and as the URI of the QR code',
    errors: { '409': error('Two-factor is already on') },
    handle: async ({ ctx }) => {
      const { secret, otpauthUri } = orFail(await useCases.twoFactorSetup.start(sessionActor(ctx)));
      return { success: true, secret, otpauthUri };
    },
  },
  confirmTwoFactor: {
    summary: 'Turn two-factor sign-in on with a first code; ten recovery codes, shown this once (audited)',
    answered: 'On',
    errors: {
      '400': error('The code is not right'),
      '409': error('Two-factor is already on, or was not set up first'),
    },
    handle: async ({ ctx, body }) => {
      const { recoveryCodes } = orFail(await useCases.twoFactorSetup.confirm(body, sessionActor(ctx)));
      return { success: true, recoveryCodes: [...recoveryCodes] };
    },
  },
  disableTwoFactor: {
    summary: 'Turn two-factor sign-in off; the password is required (audited, the owner is emailed)',
    answered: 'Off',
    errors: {
      '400': error('The password is wrong'),
      '409': error('Two-factor is not on'),
      '429': TOO_MANY_PASSWORDS('passwords'),
    },
    handle: async ({ ctx, body }) => {
      orFail(await useCases.twoFactorSetup.disable(body, sessionActor(ctx)));
      return { success: true };
    },
  },
  endSession: {
    summary: 'End one of your own sessions: its token fails at once (audited as session_ended)',
    answered: 'Ended',
    errors: { '404': error('No such session of yours (it may have ended already)') },
    handle: async ({ ctx, params }) => {
      orFail(await useCases.endSessions.endOne(idOf(params), sessionActor(ctx)));
      return { success: true };
    },
  },
  endOtherSessions: {
    summary: 'End every session of yours but this one (audited as session_ended)',
    answered: 'Ended',
    handle: async ({ ctx }) => {
      const { ended } = await useCases.endSessions.endOthers(sessionActor(ctx));
      return { success: true, ended };
    },
  },
  changePassword: {
    summary:
      'Change your password: the current one is required; every other session ends (audited as password_changed)',
    answered: 'Changed',
    errors: {
      '400': error('The current password is wrong, or the new one breaks the rules (12 to 128 characters)'),
      '429': TOO_MANY_PASSWORDS('current passwords'),
    },
    handle: async ({ ctx, body }) => {
      const { endedSessions } = orFail(await useCases.changePassword.execute(body, sessionActor(ctx)));
      return { success: true, endedSessions };
    },
  },
  listAdmins: {
    summary: 'Every admin, oldest first',
    answered: 'The admins',
    handle: async () => ({ success: true, admins: (await useCases.manageAdmins.list()).map(presentAdmin) }),
  },
  addAdmin: {
    summary: 'Add an admin with a temporary password, shown this once (audited as admin_added; the owner is emailed)',
    answered: 'Added',
    errors: {
      '400': error('The username is empty or longer than 50 characters'),
      '409': error('An admin with that username exists'),
    },
    handle: async ({ ctx, body }) => {
      const { admin, temporaryPassword } = orFail(await useCases.manageAdmins.add(body, actor(ctx)));
      return { success: true, admin: presentAdmin(admin), temporaryPassword };
    },
  },
  removeAdmin: {
    summary: 'Remove an admin, never the last (audited as admin_removed); their sessions end',
    answered: 'Removed',
    errors: { '404': error('No such admin'), '409': error('The last admin: nobody could sign in') },
    handle: async ({ ctx, params }) => {
      orFail(await useCases.manageAdmins.remove(idOf(params), actor(ctx)));
      return { success: true };
    },
  },
});
