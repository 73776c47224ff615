import type { ErrorOf } from '../shared/domain-error';

export const SuppressionErrorCode = {
  /** The address is missing or not an email address. */
  InvalidEmail: 'SUPPRESSION.INVALID_EMAIL',
  /** The address is not suppressed. */
  NotFound: 'SUPPRESSION.NOT_FOUND',
} as const;

export type SuppressionError = ErrorOf<typeof SuppressionErrorCode>;
