import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { aDelivery, aGuestbookEntry, aScholarshipRequest, AT, aUuid } from '../builders';

export function deliveryRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('DeliveryRepository', () => {
    const repo = () => store().repositories.deliveries;
    const T0 = AT('2026-01-10T10:00:00.000Z');
    const later = (ms: number) => new Date(T0.getTime() + ms);

    /** A delivery of a stored request (deliveries belong to requests). */
    async function stored(overrides: Parameters<typeof aDelivery>[0] = {}) {
      const request = aScholarshipRequest({ status: 'approved', decidedAt: T0 });
      await store().repositories.scholarshipRequests.add(request);
      const delivery = aDelivery({ requestId: request.id, nextAttemptAt: T0, createdAt: T0, ...overrides });
      await repo().add(delivery);
      return { ...delivery, requestId: request.id };
    }

    it('tells the outbox backlog: how many wait to be sent, and since when the oldest', async () => {
      expect(await repo().outboxState()).toEqual({ waiting: 0, oldestWaitingSince: null, announcementWaiting: 0 });
      const oldest = await stored({ createdAt: later(1_000) });
      await stored({ createdAt: later(5_000) });
      // An announcement's mails wait by design (paced): counted apart, never the oldest.
      for (const key of ['ann:a:1', 'ann:a:2', 'ann:a:3']) {
        await repo().add(
          aDelivery({
            kind: 'announcement',
            requestId: null,
            dedupeKey: key,
            createdAt: T0,
            nextAttemptAt: later(60_000),
          }),
        );
      }
      const sent = await stored({ createdAt: T0 });
      await repo().markSent(sent.id, later(10_000));
      const failed = await stored({ createdAt: T0 });
      await repo().markAttemptFailed(failed.id, 'rejected by the server', null);
      expect(await repo().outboxState()).toEqual({
        waiting: 2,
        oldestWaitingSince: oldest.createdAt,
        announcementWaiting: 3,
      });
    });

    it('lists the deliveries of the requests asked for, and nothing for empty or unknown ids', async () => {
      const delivery = await stored({ kind: 'rejection', lastError: 'boom 💥' });
      await stored();
      expect(await repo().listForRequests([delivery.requestId])).toEqual([delivery]);
      expect(await repo().listForRequests([])).toEqual([]);
      expect(await repo().listForRequests(['', '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000'])).toEqual([]);
    });

    it('claims due deliveries only, oldest due first, at most the limit, and leases them', async () => {
      const second = await stored({ nextAttemptAt: later(1000) });
      const first = await stored({ nextAttemptAt: T0 });
      await stored({ nextAttemptAt: later(60_000) }); // not due yet
      await stored({ status: 'sent', sentAt: T0 });
      await stored({ status: 'failed' });

      const claimed = await repo().claimDue(later(5000), later(65_000), 10);
      expect(claimed.map((delivery) => delivery.id)).toEqual([first.id, second.id]);
      expect(claimed.every((delivery) => delivery.leaseUntil?.getTime() === later(65_000).getTime())).toBe(true);
      expect(await repo().claimDue(later(5000), later(65_000), 1)).toEqual([]);
    });

    it('lets a delivery be claimed again once its lease has ended (a worker died)', async () => {
      const delivery = await stored();
      await repo().claimDue(T0, later(30_000), 1);
      expect(await repo().claimDue(later(29_999), later(60_000), 1)).toEqual([]);
      expect((await repo().claimDue(later(30_000), later(60_000), 1)).map((d) => d.id)).toEqual([delivery.id]);
    });

    it('records a send: sent, counted, never claimed again', async () => {
      const delivery = await stored();
      await repo().claimDue(T0, later(30_000), 1);
      await repo().markSent(delivery.id, later(1000));
      const [sent] = await repo().listForRequests([delivery.requestId]);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, sentAt: later(1000), leaseUntil: null });
      expect(await repo().claimDue(later(90_000), later(120_000), 10)).toEqual([]);
    });

    it('takes back a lease it was handed back, and only that lease: the delivery is claimable at once, attempts unchanged', async () => {
      const kept = await stored();
      const handed = await stored();
      const claimed = await repo().claimDue(T0, later(30_000), 10);
      expect(claimed.map((delivery) => delivery.id).sort()).toEqual([kept.id, handed.id].sort());
      // Another lease's value, or no id at all, changes nothing.
      await repo().release([handed.id], later(29_999));
      await repo().release([], later(30_000));
      expect(await repo().claimDue(later(1000), later(60_000), 10)).toEqual([]);
      await repo().release([handed.id, '', undefined as unknown as string], later(30_000));
      const again = await repo().claimDue(later(1000), later(60_000), 10);
      expect(again.map((delivery) => ({ id: delivery.id, attempts: delivery.attempts }))).toEqual([
        { id: handed.id, attempts: 0 },
      ]);
      // A sent delivery stays sent.
      await repo().markSent(handed.id, later(2000));
      await repo().release([handed.id], later(60_000));
      const [sent] = await repo().listForRequests([handed.requestId]);
      expect(sent).toMatchObject({ status: 'sent', leaseUntil: null });
    });

    it('queues a failed attempt again for later, or fails it for good', async () => {
      const delivery = await stored();
      await repo().claimDue(T0, later(30_000), 1);
      await repo().markAttemptFailed(delivery.id, 'SMTP 451 try later', later(60_000));
      const [retrying] = await repo().listForRequests([delivery.requestId]);
      expect(retrying).toMatchObject({
        status: 'queued',
        attempts: 1,
        lastError: 'SMTP 451 try later',
        nextAttemptAt: later(60_000),
        leaseUntil: null,
      });
      expect(await repo().claimDue(later(59_999), later(90_000), 1)).toEqual([]);
      await repo().claimDue(later(60_000), later(90_000), 1);
      await repo().markAttemptFailed(delivery.id, 'SMTP 550 no such user', null);
      const [failed] = await repo().listForRequests([delivery.requestId]);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2, lastError: 'SMTP 550 no such user' });
      expect(await repo().claimDue(later(999_999), later(9_999_999), 10)).toEqual([]);
    });

    it('keeps owner deliveries about a guestbook entry, and lets one day key in only once', async () => {
      const entry = aGuestbookEntry();
      await store().repositories.guestbookEntries.add(entry);
      const aboutEntry = aDelivery({ kind: 'owner_entry', requestId: null, entryId: entry.id, nextAttemptAt: T0 });
      await repo().add(aboutEntry);
      const digest = { ...aDelivery({ kind: 'owner_digest', requestId: null }), dedupeKey: 'digest:2026-01-09' };
      expect(await repo().addUnlessDuplicate(digest)).toBe(true);
      expect(await repo().addUnlessDuplicate({ ...digest, id: aUuid() })).toBe(false);
      const claimed = await repo().claimDue(later(60_000), later(90_000), 10);
      expect(claimed.map((delivery) => delivery.id).sort()).toEqual([aboutEntry.id, digest.id].sort());
      expect(claimed.find((delivery) => delivery.id === aboutEntry.id)).toEqual({
        ...aboutEntry,
        leaseUntil: later(90_000),
      });
    });

    it('finds a delivery by its link, and counts downloads up to the cap only', async () => {
      const delivery = await stored();
      await repo().attachLink(delivery.id, 'hash-of-the-first-token', later(1000));
      await repo().attachLink(delivery.id, 'hash-of-the-second-token', later(2000));
      expect(await repo().findByLinkTokenHash('hash-of-the-first-token')).toBeNull();
      expect(await repo().findByLinkTokenHash('')).toBeNull();
      expect(await repo().findByLinkTokenHash('hash-of-the-second-token')).toMatchObject({
        id: delivery.id,
        linkExpiresAt: later(2000),
        downloadCount: 0,
      });
      expect(await repo().countDownloadIfBelow(delivery.id, 2, later(10))).toBe(true);
      expect(await repo().countDownloadIfBelow(delivery.id, 2, later(20))).toBe(true);
      expect(await repo().countDownloadIfBelow(delivery.id, 2, later(30))).toBe(false);
      expect(await repo().findByLinkTokenHash('hash-of-the-second-token')).toMatchObject({
        downloadCount: 2,
        lastDownloadAt: later(20),
        revokedAt: null,
      });
    });

    it("revokes a request's approval links once, counts no download through a revoked one, and finds deliveries by id", async () => {
      const first = await stored();
      const requestId = first.requestId as string;
      await repo().attachLink(first.id, 'hash-of-the-first-link', later(1000));
      const second = aDelivery({ requestId, nextAttemptAt: T0, createdAt: later(1) });
      await repo().add(second);
      await repo().attachLink(second.id, 'hash-of-the-second-link', later(2000));
      const notSentYet = aDelivery({ requestId, nextAttemptAt: T0, createdAt: later(2) });
      await repo().add(notSentYet);
      const rejection = aDelivery({ requestId, kind: 'rejection', nextAttemptAt: T0, createdAt: later(3) });
      await repo().add(rejection);
      await repo().attachLink(rejection.id, 'hash-of-a-rejection', later(2000));
      const other = await stored();
      await repo().attachLink(other.id, 'hash-of-another-request', later(2000));

      expect((await repo().revokeLinks(requestId, later(50))).sort()).toEqual([first.id, second.id].sort());
      expect(await repo().revokeLinks(requestId, later(60))).toEqual([]);
      expect(await repo().revokeLinks('', later(60))).toEqual([]);
      expect((await repo().findByLinkTokenHash('hash-of-the-first-link'))?.revokedAt).toEqual(later(50));
      expect((await repo().findByLinkTokenHash('hash-of-a-rejection'))?.revokedAt).toBeNull();
      expect((await repo().findByLinkTokenHash('hash-of-another-request'))?.revokedAt).toBeNull();
      expect(await repo().countDownloadIfBelow(first.id, 5, later(70))).toBe(false);
      expect(await repo().countDownloadIfBelow(other.id, 5, later(70))).toBe(true);

      const found = await repo().findByIds([second.id, notSentYet.id, aUuid(), '', second.id]);
      expect(found.map((delivery) => delivery.id).sort()).toEqual([second.id, notSentYet.id].sort());
      expect(found.find((delivery) => delivery.id === notSentYet.id)?.revokedAt).toBeNull();
      expect(await repo().findByIds([])).toEqual([]);
    });

    it(`counts at most the cap of ${concurrency} concurrent downloads`, async () => {
      const delivery = await stored();
      await repo().attachLink(delivery.id, 'hash-of-a-busy-link', later(1000));
      const counted = await Promise.all(
        Array.from({ length: concurrency }, () => repo().countDownloadIfBelow(delivery.id, 3, later(10))),
      );
      expect(counted.filter(Boolean)).toHaveLength(Math.min(3, concurrency));
      expect((await repo().findByLinkTokenHash('hash-of-a-busy-link'))?.downloadCount).toBe(Math.min(3, concurrency));
    });

    it(`gives each delivery to one of ${concurrency} concurrent claimers`, async () => {
      const deliveries = [];
      for (let i = 0; i < 10; i += 1) deliveries.push(await stored());
      const claims = await Promise.all(
        Array.from({ length: concurrency }, () => repo().claimDue(T0, later(30_000), 1)),
      );
      const ids = claims.flat().map((delivery) => delivery.id);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
    });
  });
}
