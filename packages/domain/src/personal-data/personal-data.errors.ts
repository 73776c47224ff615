import type { ErrorOf } from '../shared/domain-error';

export const PersonalDataErrorCode = {
  /** The address to erase or export is missing or not an email address. */
  InvalidEmail: 'PERSONAL_DATA.INVALID_EMAIL',
} as const;

export type PersonalDataError = ErrorOf<typeof PersonalDataErrorCode>;
