import { describe, expect, it } from '@jest/globals';

import { newDeliveryEvent } from '../../src/outbox/delivery-event';
import type { Persistence } from '../../src/persistence';
import { aDelivery, aScholarshipRequest, AT, aUuid } from '../builders';

/**
 * The review reminders kept beside the requests: due after the first download, started once
 * (of concurrent starts, one), found by their link's hash, answered once, counted, erased.
 */
export function reviewReminderContract(store: () => Persistence, concurrency: number): void {
  describe('ScholarshipRequestRepository: review reminders', () => {
    const requests = () => store().repositories.scholarshipRequests;
    const T0 = AT('2026-03-01T10:00:00.000Z');
    const later = (ms: number) => new Date(T0.getTime() + ms);
    const DAY = 24 * 60 * 60_000;

    /** An approved request, its approval delivery, and downloads at the times given. */
    async function approved(reviewReminder: boolean, downloads: readonly Date[], createdAt = T0) {
      const request = aScholarshipRequest({ status: 'approved', decidedAt: createdAt, createdAt, reviewReminder });
      await requests().add(request);
      const delivery = aDelivery({
        kind: 'approval',
        requestId: request.id,
        createdAt,
        nextAttemptAt: createdAt,
        downloadCount: downloads.length,
      });
      await store().repositories.deliveries.add(delivery);
      for (const at of downloads) {
        const event = newDeliveryEvent({ id: aUuid(), deliveryId: delivery.id, kind: 'downloaded', at });
        await store().repositories.deliveries.addEvent(event, 50);
      }
      return request.id;
    }

    it('finds the requests whose first download is old enough, that asked, once started no more', async () => {
      const due = await approved(true, [later(0), later(20 * DAY)]);
      const recent = await approved(true, [later(20 * DAY)], later(1));
      await approved(false, [later(0)], later(2));
      await approved(true, [], later(3));
      const cutoff = later(14 * DAY);
      expect(await requests().listDueReviewReminders(cutoff, 10)).toEqual([due]);
      expect(await requests().listDueReviewReminders(later(30 * DAY), 10)).toEqual([due, recent]);
      expect(await requests().listDueReviewReminders(later(30 * DAY), 1)).toEqual([due]);
      expect(await requests().startReviewReminder(due, cutoff)).toBe(true);
      expect(await requests().startReviewReminder(due, cutoff)).toBe(false);
      expect(await requests().listDueReviewReminders(later(30 * DAY), 10)).toEqual([recent]);
      expect(await requests().listReviewReminders([due, recent, 'not-a-uuid'])).toEqual([
        { requestId: due, queuedAt: cutoff, sentAt: null, answer: null, answeredAt: null },
      ]);
    });

    it('starts a reminder once of concurrent starts, and none for an unknown request', async () => {
      const id = await approved(true, [T0]);
      const started = await Promise.all(
        Array.from({ length: concurrency }, () => requests().startReviewReminder(id, T0)),
      );
      expect(started.filter(Boolean)).toHaveLength(1);
      expect(await requests().startReviewReminder(aUuid(), T0)).toBe(false);
      expect(await requests().startReviewReminder('not-a-uuid', T0)).toBe(false);
    });

    it('finds a reminder by its link, keeps the first answer, and counts', async () => {
      const id = await approved(true, [T0, later(1)]);
      await approved(false, [T0], later(1));
      await requests().startReviewReminder(id, T0);
      await requests().attachReviewToken(id, 'hash-old');
      await requests().attachReviewToken(id, 'hash-new');
      await requests().markReviewReminderSent(id, later(5));
      expect(await requests().findReviewReminderByTokenHash('hash-old')).toBeNull();
      expect(await requests().findReviewReminderByTokenHash('')).toBeNull();
      expect(await requests().findReviewReminderByTokenHash('hash-new')).toEqual({
        requestId: id,
        queuedAt: T0,
        sentAt: later(5),
        answer: null,
        answeredAt: null,
        tokenHash: 'hash-new',
      });
      const answers = await Promise.all(
        Array.from({ length: concurrency }, (_, index) =>
          requests().answerReviewReminder(id, index % 2 === 0 ? 'reviewed' : 'declined', later(9)),
        ),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
      const [kept] = await requests().listReviewReminders([id]);
      expect(kept?.answeredAt).toEqual(later(9));
      expect(await requests().reviewSummary()).toEqual({
        downloads: 3,
        downloadedBy: 2,
        remindersSent: 1,
        reviewed: kept?.answer === 'reviewed' ? 1 : 0,
        declined: kept?.answer === 'declined' ? 1 : 0,
      });
    });

    it('forgets a reminder and the wish for one on erasure', async () => {
      const id = await approved(true, [T0]);
      const untouched = await approved(true, [T0], later(1));
      await requests().startReviewReminder(id, T0);
      await requests().attachReviewToken(id, 'hash-erased');
      expect(await requests().forgetReviewReminders([id, 'not-a-uuid'])).toBe(1);
      expect(await requests().forgetReviewReminders([])).toBe(0);
      expect(await requests().listReviewReminders([id])).toEqual([]);
      expect(await requests().findReviewReminderByTokenHash('hash-erased')).toBeNull();
      expect((await requests().findById(id))?.reviewReminder).toBe(false);
      expect(await requests().listDueReviewReminders(later(30 * DAY), 10)).toEqual([untouched]);
    });

    it('rolls back with the transaction it was started in', async () => {
      const id = await approved(true, [T0]);
      await expect(
        store().unitOfWork.transaction(async ({ scholarshipRequests }) => {
          expect(await scholarshipRequests.startReviewReminder(id, T0)).toBe(true);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await requests().listReviewReminders([id])).toEqual([]);
      expect(await requests().startReviewReminder(id, T0)).toBe(true);
    });
  });
}
