import type { ReviewQueueRepository } from '../review-queue/review-queue.repository';
import type { ReviewAnswer, ReviewReminder, ReviewSummary } from './review-reminder';
import type { ScholarshipDecision, ScholarshipRequest, ScholarshipStatus } from './scholarship-request';

/** Which requests a list holds; every field given must match. */
export interface ScholarshipListFilter {
  readonly status?: ScholarshipStatus;
  /**
   * Text (as `normalizeSearch` gives it) found, case-insensitively, in the name, the email
   * address, the message or the admin notes: a word, a fragment, or the whole address.
   */
  readonly search?: string;
}

/** Port: where scholarship requests are kept. */
export interface ScholarshipRequestRepository extends ReviewQueueRepository<ScholarshipRequest, ScholarshipListFilter> {
  /** How many requests each status holds, exactly. */
  countByStatus(): Promise<Readonly<Record<ScholarshipStatus, number>>>;

  /**
   * Applies the decision only if the request is still pending, atomically: of two
   * concurrent calls for one request, exactly one succeeds. Returns the decided request, or
   * null when no pending request has this id (missing, or already decided).
   */
  decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null>;

  /**
   * The 24-hour promise: how many pending requests were created before `overdueBefore`, and
   * when the oldest pending request was created (null when none is pending).
   */
  pendingAge(overdueBefore: Date): Promise<PendingAge>;

  /** Retention: deletes the rejected requests decided before `before`, with their deliveries. Returns how many. */
  deleteRejectedDecidedBefore(before: Date): Promise<number>;

  /** Every request made with this email address (compared without regard to case), oldest first. */
  listByEmail(email: string): Promise<ScholarshipRequest[]>;

  /**
   * Erasure: the request keeps its id, status and dates, and loses the person: `name` and
   * `email` become the given stand-ins, the message and the admin notes become null. Returns
   * whether it existed.
   */
  anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean>;

  // The one review reminder (review-reminders/): kept beside the request, removed with it.

  /**
   * Up to `limit` requests whose requester ticked the box, that have no reminder yet, and of
   * which a copy was first downloaded at or before `downloadedBy` (a `downloaded` event of one
   * of their deliveries), oldest request first: their ids.
   */
  listDueReviewReminders(downloadedBy: Date, limit: number): Promise<string[]>;

  /**
   * Starts the request's reminder at `at`, unless it has one: atomic (of several processes,
   * one wins). Returns whether it was started.
   */
  startReviewReminder(requestId: string, at: Date): Promise<boolean>;

  /** Gives the reminder a (new) answer link: the token's hash; earlier ones work no more. */
  attachReviewToken(requestId: string, tokenHash: string): Promise<void>;

  /** Records that the reminder's email went. */
  markReviewReminderSent(requestId: string, at: Date): Promise<void>;

  /** The reminder whose answer link has this token hash (with the hash), or null. */
  findReviewReminderByTokenHash(tokenHash: string): Promise<(ReviewReminder & { readonly tokenHash: string }) | null>;

  /** Records the answer, only if there is none yet: returns whether it was recorded. */
  answerReviewReminder(requestId: string, answer: ReviewAnswer, at: Date): Promise<boolean>;

  /** The reminders of these requests. Unknown and empty ids find nothing. */
  listReviewReminders(requestIds: readonly string[]): Promise<ReviewReminder[]>;

  /** Erasure: removes the reminders of these requests (and the wish for one). Returns how many went. */
  forgetReviewReminders(requestIds: readonly string[]): Promise<number>;

  /** The dashboard's counts of downloads, reminders and answers. */
  reviewSummary(): Promise<ReviewSummary>;
}

export interface PendingAge {
  readonly overdue: number;
  readonly oldestPendingAt: Date | null;
}
