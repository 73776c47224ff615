import type { DomainError } from '../shared/domain-error';

export const AdminSessionErrorCode = {
  /** Unknown user and wrong password are deliberately the same error. */
  InvalidCredentials: 'ADMIN_SESSION.INVALID_CREDENTIALS',
  TooManyAttempts: 'ADMIN_SESSION.TOO_MANY_ATTEMPTS',
  /** No token, an unknown token, or an expired or revoked session. */
  NotAuthenticated: 'ADMIN_SESSION.NOT_AUTHENTICATED',
} as const;

export const AdminUserErrorCode = {
  Invalid: 'ADMIN_USER.INVALID',
  UsernameTaken: 'ADMIN_USER.USERNAME_TAKEN',
  NotFound: 'ADMIN_USER.NOT_FOUND',
  /** The current password given to confirm a change is not the admin's. */
  WrongPassword: 'ADMIN_USER.WRONG_PASSWORD',
  /** An own session that does not exist (any more). */
  SessionNotFound: 'ADMIN_USER.SESSION_NOT_FOUND',
} as const;

export type AdminSessionErrorCode = (typeof AdminSessionErrorCode)[keyof typeof AdminSessionErrorCode];
export type AdminUserErrorCode = (typeof AdminUserErrorCode)[keyof typeof AdminUserErrorCode];

export type AdminSessionError = DomainError<AdminSessionErrorCode>;
export type AdminUserError = DomainError<AdminUserErrorCode>;
