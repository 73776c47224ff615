import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_USERNAME_MAX_LENGTH,
  FIELD_MESSAGES,
} from '@memoir/shared';

import { type FieldErrors, requiredText } from '../shared/text-fields';
import { normalizeUsername } from './admin-user';

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
