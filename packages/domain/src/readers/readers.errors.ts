import type { ErrorOf } from '../shared/domain-error';

export const ReaderErrorCode = {
  /** A field breaks a rule (the address, the name, the consent box); `fieldErrors` names each. */
  Invalid: 'READER.INVALID',
  /** The riddle answer, when the sign-up gives one, is wrong. */
  WrongRiddleAnswer: 'READER.WRONG_RIDDLE_ANSWER',
  /** Not a link of ours (malformed, unknown, or its reader was deleted). */
  LinkNotFound: 'READER.LINK_NOT_FOUND',
  /** A confirmation link past its 14 days. */
  LinkExpired: 'READER.LINK_EXPIRED',
  /** A confirmation link used before (and its reader not confirmed by it now). */
  LinkUsed: 'READER.LINK_USED',
  /** An announcement's test goes to OWNER_EMAIL, which is not set. */
  NoOwnerAddress: 'READER.NO_OWNER_ADDRESS',
} as const;

export type ReaderError = ErrorOf<typeof ReaderErrorCode>;
