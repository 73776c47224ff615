/**
 * The one review reminder of a free-PDF request whose requester ticked "Remind me once to leave
 * a review": queued REVIEW_REMINDER_DAYS after their first download, sent once, and the answer
 * they gave with one of its two links, if any. Kept beside the request (`review_reminders`) and
 * erased with the person.
 */
export type ReviewAnswer = 'reviewed' | 'declined';

export const REVIEW_ANSWERS: readonly ReviewAnswer[] = ['reviewed', 'declined'];

export interface ReviewReminder {
  readonly requestId: string;
  /** When it was found due and its email queued: once per request, ever. */
  readonly queuedAt: Date;
  /** When its email went; null until then (or when it could not go). */
  readonly sentAt: Date | null;
  readonly answer: ReviewAnswer | null;
  readonly answeredAt: Date | null;
}

/** The owner's counts: copies downloaded, reminders sent, and what the readers answered. */
export interface ReviewSummary {
  /** Downloads counted through approval links, all told. */
  readonly downloads: number;
  /** Requests with at least one download. */
  readonly downloadedBy: number;
  readonly remindersSent: number;
  readonly reviewed: number;
  readonly declined: number;
}

/** The reminder's dedupeKey in the outbox: `review:<request id>`, so it is never queued twice. */
export const REVIEW_REMINDER_KEY_PREFIX = 'review:';

export const reviewReminderKey = (requestId: string): string => `${REVIEW_REMINDER_KEY_PREFIX}${requestId}`;

/** The request a reminder's delivery is about, from its dedupeKey; null when it is not one. */
export function requestIdOfReviewReminder(dedupeKey: string | null): string | null {
  if (dedupeKey?.startsWith(REVIEW_REMINDER_KEY_PREFIX) !== true) return null;
  const requestId = dedupeKey.slice(REVIEW_REMINDER_KEY_PREFIX.length);
  return requestId === '' ? null : requestId;
}

/** A reminder as plain data, times in ISO 8601 (UTC): what a person's export holds. */
export const reviewReminderRecord = (reminder: ReviewReminder) => ({
  requestId: reminder.requestId,
  queuedAt: reminder.queuedAt.toISOString(),
  sentAt: reminder.sentAt === null ? null : reminder.sentAt.toISOString(),
  answer: reminder.answer,
  answeredAt: reminder.answeredAt === null ? null : reminder.answeredAt.toISOString(),
});
