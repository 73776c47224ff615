import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_USERNAME_MAX_LENGTH,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
} from '@memoir/shared';

import type { RateLimitPolicy, RateLimiter } from '../rate-limiting/rate-limiter';
import { err, ok, type Result } from '../shared/result';
import { type FieldErrors, requiredText } from '../shared/text-fields';
import { normalizeUsername } from './admin-user';
import {
  AdminSessionErrorCode,
  AdminUserErrorCode,
  type AdminSessionError,
  type AdminUserError,
} from './admin-sessions.errors';
import type { PasswordHasher } from './password-hasher';

/** Checks a new admin password against the policy (OWASP ASVS 2.1: 12 to 128 characters). */
export function checkNewPassword(errors: FieldErrors, password: string | null | undefined): string | null {
  const value = typeof password === 'string' ? password : '';
  if (value.length < ADMIN_PASSWORD_MIN_LENGTH) {
    errors.add('password', FIELD_MESSAGES.tooShort('Password', ADMIN_PASSWORD_MIN_LENGTH));
    return null;
  }
  if (value.length > ADMIN_PASSWORD_MAX_LENGTH) {
    errors.add('password', FIELD_MESSAGES.tooLong('Password', ADMIN_PASSWORD_MAX_LENGTH));
    return null;
  }
  return value;
}

/** Checks a new username and returns it normalized (trimmed, lower-case). */
export function checkNewUsername(errors: FieldErrors, username: string | null | undefined): string | null {
  const value = requiredText(
    errors,
    { field: 'username', label: 'Username', maxLength: ADMIN_USERNAME_MAX_LENGTH },
    username,
  );
  return value === null ? null : normalizeUsername(value);
}

/** What checking an admin's current password needs. */
export interface CurrentPasswordDeps {
  readonly rateLimiter: RateLimiter;
  /** LOGIN_RATE_LIMIT: wrong current passwords are limited like sign-ins, per account. */
  readonly loginPolicy: RateLimitPolicy;
  readonly passwordHasher: PasswordHasher;
}

/**
 * Checks the current password an admin gives to confirm a change (two-factor off, a new
 * password). The attempt is counted first (`password:user:<id>`): past the limit it is refused
 * with the wait, and its count given back; a right password starts the count afresh. `given.field`
 * names the input that held it; `storedHash` reads the admin's hash (null: no such admin).
 */
export async function checkCurrentPassword(
  deps: CurrentPasswordDeps,
  userId: string,
  given: { readonly field: string; readonly password: string },
  storedHash: () => Promise<string | null>,
): Promise<Result<void, AdminUserError | AdminSessionError>> {
  const key = `password:user:${userId}`;
  const attempt = await deps.rateLimiter.reserve(key, deps.loginPolicy);
  if (!attempt.verdict.allowed) {
    await deps.rateLimiter.giveBack(key);
    return err({
      code: AdminSessionErrorCode.TooManyAttempts,
      message: ERROR_MESSAGES.tooManyPasswordAttempts,
      retryAfterSeconds: attempt.verdict.retryAfterSeconds,
    });
  }
  const hash = await storedHash();
  if (given.password === '' || hash === null || !(await deps.passwordHasher.verify(given.password, hash))) {
    return err({
      code: AdminUserErrorCode.WrongPassword,
      message: ERROR_MESSAGES.wrongCurrentPassword,
      fieldErrors: { [given.field]: ERROR_MESSAGES.wrongCurrentPassword },
    });
  }
  await deps.rateLimiter.reset(key);
  return ok(undefined);
}
