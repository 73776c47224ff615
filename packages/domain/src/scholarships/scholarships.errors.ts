import { reviewQueueErrorCodes } from '../review-queue/review-queue.errors';
import type { ErrorOf } from '../shared/domain-error';

/** `SCHOLARSHIP_REQUEST.INVALID`, `.WRONG_RIDDLE_ANSWER`, `.NOT_FOUND`, and a decision on a decided request. */
export const ScholarshipErrorCode = {
  ...reviewQueueErrorCodes('SCHOLARSHIP_REQUEST'),
  NotPending: 'SCHOLARSHIP_REQUEST.NOT_PENDING',
} as const;

export type ScholarshipError = ErrorOf<typeof ScholarshipErrorCode>;
