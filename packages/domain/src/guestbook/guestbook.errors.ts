import { reviewQueueErrorCodes } from '../review-queue/review-queue.errors';
import type { ErrorOf } from '../shared/domain-error';

/** `GUESTBOOK_ENTRY.INVALID`, `.WRONG_RIDDLE_ANSWER`, `.NOT_FOUND`. */
export const GuestbookErrorCode = reviewQueueErrorCodes('GUESTBOOK_ENTRY');

export type GuestbookError = ErrorOf<typeof GuestbookErrorCode>;
