import type { DomainError } from '../shared/domain-error';

export const ScholarshipErrorCode = {
  Invalid: 'SCHOLARSHIP_REQUEST.INVALID',
  WrongRiddleAnswer: 'SCHOLARSHIP_REQUEST.WRONG_RIDDLE_ANSWER',
  NotFound: 'SCHOLARSHIP_REQUEST.NOT_FOUND',
  NotPending: 'SCHOLARSHIP_REQUEST.NOT_PENDING',
} as const;

export type ScholarshipErrorCode = (typeof ScholarshipErrorCode)[keyof typeof ScholarshipErrorCode];

export type ScholarshipError = DomainError<ScholarshipErrorCode>;
