import type { DomainError } from '../shared/domain-error';

export const GuestbookErrorCode = {
  Invalid: 'GUESTBOOK_ENTRY.INVALID',
  WrongRiddleAnswer: 'GUESTBOOK_ENTRY.WRONG_RIDDLE_ANSWER',
  NotFound: 'GUESTBOOK_ENTRY.NOT_FOUND',
} as const;

export type GuestbookErrorCode = (typeof GuestbookErrorCode)[keyof typeof GuestbookErrorCode];

export type GuestbookError = DomainError<GuestbookErrorCode>;
