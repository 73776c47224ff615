import { newDelivery } from '../outbox/delivery';
import type { DeliveryRepository } from '../outbox/delivery.repository';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import type { Transactions } from '../shared/transactions';
import { reviewReminderKey } from '../scholarships/review-reminder';

/** At most this many reminders are queued per run; the next run takes the rest. */
export const REVIEW_REMINDERS_PER_RUN = 50;

/**
 * Finds the requests whose review reminder is due (the box ticked, the first download
 * REVIEW_REMINDER_DAYS ago or more, no reminder yet) and queues one email for each, with the
 * reminder's start, in one transaction. Safe in several processes at once: the start is
 * atomic, and the outbox's dedupeKey `review:<request id>` could not queue a second email
 * anyway. Whether the email may still go (the request erased, the address suppressed) is
 * judged when it is sent. Returns how many were queued.
 */
export class QueueReviewRemindersUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly unitOfWork: Transactions<{
        readonly scholarshipRequests: ScholarshipRequestRepository;
        readonly deliveries: DeliveryRepository;
      }>;
      readonly clock: Clock;
      readonly ids: IdGenerator;
      /** REVIEW_REMINDER_DAYS, in milliseconds. */
      readonly delayMs: number;
    },
  ) {}

  async execute(): Promise<number> {
    const now = this.deps.clock.now();
    const due = await this.deps.scholarshipRequests.listDueReviewReminders(
      new Date(now.getTime() - this.deps.delayMs),
      REVIEW_REMINDERS_PER_RUN,
    );
    let queued = 0;
    for (const requestId of due) {
      const added = await this.deps.unitOfWork.transaction(async ({ scholarshipRequests, deliveries }) => {
        if (!(await scholarshipRequests.startReviewReminder(requestId, now))) return false;
        const dedupeKey = reviewReminderKey(requestId);
        return deliveries.addUnlessDuplicate({
          ...newDelivery({ id: this.deps.ids.next(), kind: 'review_reminder', now, requestId, dedupeKey }),
          dedupeKey,
        });
      });
      if (added) queued += 1;
    }
    return queued;
  }
}
