import type { ErrorOf } from '../shared/domain-error';

export const AdminSessionErrorCode = {
  /** Unknown user and wrong password are deliberately the same error. */
  InvalidCredentials: 'ADMIN_SESSION.INVALID_CREDENTIALS',
  TooManyAttempts: 'ADMIN_SESSION.TOO_MANY_ATTEMPTS',
  /** No token, an unknown token, or an expired or revoked session. */
  NotAuthenticated: 'ADMIN_SESSION.NOT_AUTHENTICATED',
  /** A wrong, reused or malformed two-factor or recovery code at sign-in. */
  InvalidCode: 'ADMIN_SESSION.INVALID_CODE',
  /** The second step's challenge is unknown, used or expired: sign in again. */
  ChallengeExpired: 'ADMIN_SESSION.CHALLENGE_EXPIRED',
} as const;

export const AdminUserErrorCode = {
  Invalid: 'ADMIN_USER.INVALID',
  UsernameTaken: 'ADMIN_USER.USERNAME_TAKEN',
  NotFound: 'ADMIN_USER.NOT_FOUND',
  /** The current password given to confirm a change is not the admin's. */
  WrongPassword: 'ADMIN_USER.WRONG_PASSWORD',
  /** An own session that does not exist (any more). */
  SessionNotFound: 'ADMIN_USER.SESSION_NOT_FOUND',
  /** Two-factor is already on (turn it off first to set it up again). */
  TwoFactorAlreadyOn: 'ADMIN_USER.TWO_FACTOR_ALREADY_ON',
  /** Confirming before setting up, or turning off what is not on. */
  TwoFactorNotStarted: 'ADMIN_USER.TWO_FACTOR_NOT_STARTED',
  /** The code that should confirm the authenticator app is not right. */
  WrongCode: 'ADMIN_USER.WRONG_CODE',
  /** Removing the last admin would leave nobody to sign in. */
  LastAdmin: 'ADMIN_USER.LAST_ADMIN',
} as const;

export type AdminSessionError = ErrorOf<typeof AdminSessionErrorCode>;
export type AdminUserError = ErrorOf<typeof AdminUserErrorCode>;
