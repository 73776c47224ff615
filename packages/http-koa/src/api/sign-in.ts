import type { AdminUserView } from '@memoir/domain';
import { ERROR_MESSAGES, type AdminUser } from '@memoir/shared';

import { requestContext } from '../middleware';
import { adminOf, type AdminState, type Capability } from './route-spec';
import { error, orFail, retryAfter } from './calls';

/* Signing in (two steps when two-factor is on), who is signed in, signing out. */

export const presentUser = (user: AdminUserView): AdminUser => ({ id: user.id, username: user.username });

const TOO_MANY = error('Too many failed sign-ins for this username or address (LOGIN_RATE_LIMIT)', retryAfter);

export const signInRoutes: Capability<'logIn' | 'logInTwoFactor' | 'me' | 'logOut'> = ({ useCases }) => ({
  logIn: {
    summary: 'Sign in (for an account with two-factor on: the first step, answered with a challenge)',
    answered: 'Signed in, or the password was right and the code comes next',
    errors: {
      '400': error('A field is missing or not text'),
      '401': error('Unknown user or wrong password (the same answer for both)'),
      '429': TOO_MANY,
    },
    handle: async ({ ctx, body }) => {
      const signedIn = orFail(await useCases.logIn.execute(body, requestContext(ctx)));
      if (signedIn.twoFactorRequired === true) {
        // No session yet: the code comes next (POST /api/admin/login/two-factor).
        return {
          success: false,
          twoFactorRequired: true,
          challenge: signedIn.challenge,
          expiresAt: signedIn.expiresAt.toISOString(),
          error: ERROR_MESSAGES.twoFactorRequired,
        };
      }
      const { sessionToken, user, expiresAt } = signedIn;
      return { success: true, sessionToken, user: presentUser(user), expiresAt: expiresAt.toISOString() };
    },
  },
  logInTwoFactor: {
    summary: 'Sign in, second step: the challenge and a code (TOTP, each once; or a recovery code, each once)',
    answered: 'Signed in',
    errors: {
      '400': error('A field is missing or not text'),
      '401': error('A wrong or used code (counted toward the sign-in limits), or an expired or used challenge'),
      '429': TOO_MANY,
    },
    handle: async ({ ctx, body }) => {
      const { sessionToken, user, expiresAt } = orFail(
        await useCases.completeTwoFactorLogIn.execute(body, requestContext(ctx)),
      );
      return { success: true, sessionToken, user: presentUser(user), expiresAt: expiresAt.toISOString() };
    },
  },
  me: {
    summary: 'Who is signed in',
    answered: 'The admin',
    handle: ({ ctx }) => ({ success: true, user: presentUser(adminOf(ctx).user) }),
  },
  logOut: {
    summary: 'Sign out (revokes the session)',
    answered: 'Signed out',
    handle: async ({ ctx }) => {
      orFail(await useCases.logOut.execute((ctx.state as AdminState).token, requestContext(ctx)));
      return { success: true };
    },
  },
});
