import type { ErrorOf } from '../shared/domain-error';

export const CrackmeErrorCode = {
  /** A field of the claim breaks a rule (name, email). */
  Invalid: 'CRACKME_CLAIM.INVALID',
  /** The key is not the one the crackme accepts. */
  WrongKey: 'CRACKME_CLAIM.WRONG_KEY',
  NotFound: 'CRACKME_CLAIM.NOT_FOUND',
} as const;

export type CrackmeError = ErrorOf<typeof CrackmeErrorCode>;
