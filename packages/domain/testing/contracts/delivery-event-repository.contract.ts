import { describe, expect, it } from '@jest/globals';

import { newDeliveryEvent, type DeliveryEvent } from '../../src/outbox/delivery-event';
import type { Persistence } from '../../src/persistence';
import { aDelivery, aScholarshipRequest, AT, aUuid } from '../builders';

/** The events of a delivery's timeline: kept in order, capped, forgotten on erasure, gone with their delivery. */
export function deliveryEventRepositoryContract(store: () => Persistence): void {
  describe('DeliveryRepository: events', () => {
    const repo = () => store().repositories.deliveries;
    const T0 = AT('2026-01-10T10:00:00.000Z');
    const later = (ms: number) => new Date(T0.getTime() + ms);

    async function delivery(status: 'approved' | 'rejected' = 'approved') {
      const request = aScholarshipRequest({ status, decidedAt: T0 });
      await store().repositories.scholarshipRequests.add(request);
      const made = aDelivery({
        kind: status === 'approved' ? 'approval' : 'rejection',
        requestId: request.id,
        createdAt: T0,
        nextAttemptAt: T0,
      });
      await repo().add(made);
      return { requestId: request.id, deliveryId: made.id };
    }
    const event = (deliveryId: string, kind: DeliveryEvent['kind'], at: Date, detail: string | null = null) =>
      newDeliveryEvent({ id: aUuid(), deliveryId, kind, at, detail });

    it('lists the events of the deliveries asked for, oldest first, each as it was recorded', async () => {
      const { deliveryId } = await delivery();
      const other = await delivery();
      const failed = event(deliveryId, 'attempt_failed', later(1_000), '421 4.7.0 Try again later, ünïcödé 💥');
      const bounced = event(deliveryId, 'hard_bounce', later(9_000), '5.1.1 No such user');
      const opened = event(other.deliveryId, 'opened', later(5_000));
      for (const recorded of [bounced, failed, opened]) expect(await repo().addEvent(recorded, 10)).toBe(true);
      expect(await repo().listEvents([deliveryId])).toEqual([failed, bounced]);
      expect(await repo().listEvents([deliveryId, other.deliveryId])).toEqual([failed, opened, bounced]);
      expect(await repo().listEvents([])).toEqual([]);
      expect(await repo().listEvents(['', 'not-a-uuid', aUuid()])).toEqual([]);
    });

    it('orders events of one instant by id', async () => {
      const { deliveryId } = await delivery();
      const [first, second] = [aUuid(), aUuid()].sort();
      const b = newDeliveryEvent({ id: second as string, deliveryId, kind: 'downloaded', at: T0 });
      const a = newDeliveryEvent({ id: first as string, deliveryId, kind: 'opened', at: T0 });
      await repo().addEvent(b, 10);
      await repo().addEvent(a, 10);
      expect(await repo().listEvents([deliveryId])).toEqual([a, b]);
    });

    it('keeps no more events of a delivery than it is asked to', async () => {
      const { deliveryId } = await delivery();
      const other = await delivery();
      for (let i = 0; i < 3; i += 1) expect(await repo().addEvent(event(deliveryId, 'opened', later(i)), 3)).toBe(true);
      expect(await repo().addEvent(event(deliveryId, 'downloaded', later(10)), 3)).toBe(false);
      expect(await repo().addEvent(event(other.deliveryId, 'opened', later(10)), 3)).toBe(true);
      expect(await repo().listEvents([deliveryId])).toHaveLength(3);
    });

    it("forgets what the events of an erased person's deliveries said, and only theirs", async () => {
      const erased = await delivery();
      const kept = await delivery();
      await repo().addEvent(event(erased.deliveryId, 'attempt_failed', T0, '550 ada@example.org unknown'), 10);
      await repo().addEvent(event(erased.deliveryId, 'opened', later(1)), 10);
      await repo().addEvent(event(kept.deliveryId, 'attempt_failed', T0, '550 grace@example.org unknown'), 10);
      await repo().forgetPersonalDetails([erased.requestId]);
      expect((await repo().listEvents([erased.deliveryId])).map((e) => [e.kind, e.detail])).toEqual([
        ['attempt_failed', null],
        ['opened', null],
      ]);
      expect((await repo().listEvents([kept.deliveryId]))[0]?.detail).toBe('550 grace@example.org unknown');
    });

    it('goes with its delivery when retention deletes an old rejected request', async () => {
      const rejected = await delivery('rejected');
      await repo().addEvent(event(rejected.deliveryId, 'hard_bounce', T0, '5.1.1'), 10);
      expect(await store().repositories.scholarshipRequests.deleteRejectedDecidedBefore(later(1))).toBe(1);
      expect(await repo().listEvents([rejected.deliveryId])).toEqual([]);
    });

    it('rolls back with the transaction it was recorded in', async () => {
      const { deliveryId } = await delivery();
      await expect(
        store().unitOfWork.transaction(async ({ deliveries }) => {
          await deliveries.addEvent(event(deliveryId, 'opened', T0), 10);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await repo().listEvents([deliveryId])).toEqual([]);
    });
  });
}
