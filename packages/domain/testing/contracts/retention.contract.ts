import { describe, expect, it } from '@jest/globals';

import { ManualClock, SequentialIdGenerator } from '../../memory/fakes';
import { ApplyRetentionUseCase } from '../../src/retention/apply-retention.use-case';
import { NO_SENT_EMAIL_ARCHIVE, type RetentionCounts } from '../../src/retention/retention';
import type { Persistence } from '../../src/persistence';
import {
  aDelivery,
  aGuestbookEntry,
  anAdminSession,
  anAdminUser,
  anAuditEvent,
  aReader,
  aScholarshipRequest,
} from '../builders';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);

/** 90 days for personal details and dead links, 30 for rejected items; 30 min idle sessions. */
const POLICY = { personalDetailsDays: 90, rejectedDays: 30, sentEmailDays: 30 };

/**
 * Retention over a real store: with the clock at NOW, exactly what the policy names goes,
 * nothing else changes, a dry run changes nothing and counts the same, and a second run finds
 * nothing left.
 */
export function retentionContract(store: () => Persistence): void {
  describe('retention', () => {
    const fixture = async () => {
      const { repositories, rateLimits } = store();
      const owner = anAdminUser();
      await repositories.adminUsers.addIfUsernameFree(owner);
      const rows = {
        oldEvent: anAuditEvent({ createdAt: ago(91 * DAY) }),
        oldEventWithoutOrigin: anAuditEvent({ createdAt: ago(200 * DAY), ipAddress: null, userAgent: null }),
        recentEvent: anAuditEvent({ createdAt: ago(89 * DAY) }),
        oldRejected: aScholarshipRequest({ status: 'rejected', createdAt: ago(60 * DAY), decidedAt: ago(31 * DAY) }),
        recentRejected: aScholarshipRequest({ status: 'rejected', createdAt: ago(60 * DAY), decidedAt: ago(29 * DAY) }),
        oldApproved: aScholarshipRequest({ status: 'approved', createdAt: ago(400 * DAY), decidedAt: ago(399 * DAY) }),
        oldPending: aScholarshipRequest({ status: 'pending', createdAt: ago(400 * DAY) }),
        oldRejectedEntry: aGuestbookEntry({ createdAt: ago(60 * DAY), isApproved: false, reviewedAt: ago(31 * DAY) }),
        recentRejectedEntry: aGuestbookEntry({ createdAt: ago(60 * DAY), isApproved: false, reviewedAt: ago(2 * DAY) }),
        oldApprovedEntry: aGuestbookEntry({ createdAt: ago(400 * DAY), isApproved: true, reviewedAt: ago(399 * DAY) }),
        oldPendingEntry: aGuestbookEntry({ createdAt: ago(400 * DAY) }),
        expiredSession: anAdminSession({ userId: owner.id, lastSeenAt: ago(2 * HOUR), expiresAt: ago(HOUR) }),
        idleSession: anAdminSession({ userId: owner.id, lastSeenAt: ago(31 * 60_000), expiresAt: ahead(5 * HOUR) }),
        liveSession: anAdminSession({ userId: owner.id, lastSeenAt: ago(60_000), expiresAt: ahead(HOUR) }),
        unconfirmedReader: aReader({ signedUpAt: ago(31 * DAY) }),
        recentReader: aReader({ signedUpAt: ago(29 * DAY) }),
        oldConfirmedReader: aReader({ status: 'confirmed', signedUpAt: ago(400 * DAY), confirmedAt: ago(399 * DAY) }),
      };
      for (const reader of [rows.unconfirmedReader, rows.recentReader, rows.oldConfirmedReader]) {
        await repositories.readers.addIfNew(reader);
      }
      for (const event of [rows.oldEvent, rows.oldEventWithoutOrigin, rows.recentEvent]) {
        await repositories.auditEvents.append(event);
      }
      for (const request of [rows.oldRejected, rows.recentRejected, rows.oldApproved, rows.oldPending]) {
        await repositories.scholarshipRequests.add(request);
      }
      for (const entry of [
        rows.oldRejectedEntry,
        rows.recentRejectedEntry,
        rows.oldApprovedEntry,
        rows.oldPendingEntry,
      ]) {
        await repositories.guestbookEntries.add(entry);
      }
      for (const session of [rows.expiredSession, rows.idleSession, rows.liveSession]) {
        await repositories.adminSessions.add(session);
      }
      const deliveries = {
        ofOldRejected: aDelivery({ kind: 'rejection', requestId: rows.oldRejected.id, createdAt: ago(31 * DAY) }),
        ofOldRejectedEntry: aDelivery({
          kind: 'owner_entry',
          requestId: null,
          entryId: rows.oldRejectedEntry.id,
          createdAt: ago(60 * DAY),
        }),
        deadLink: aDelivery({
          requestId: rows.oldApproved.id,
          status: 'sent',
          linkTokenHash: `dead-${rows.oldApproved.id}`,
          linkExpiresAt: ago(91 * DAY),
          downloadCount: 2,
          createdAt: ago(399 * DAY),
        }),
        recentlyExpiredLink: aDelivery({
          requestId: rows.oldApproved.id,
          status: 'sent',
          linkTokenHash: `recent-${rows.oldApproved.id}`,
          linkExpiresAt: ago(89 * DAY),
          createdAt: ago(120 * DAY),
        }),
      };
      for (const delivery of Object.values(deliveries)) await repositories.deliveries.add(delivery);
      await rateLimits.hit('form:guestbook:203.0.113.7', HOUR, ago(2 * HOUR));
      await rateLimits.hit('form:guestbook:203.0.113.8', HOUR, ago(30 * 60_000));
      return { ...rows, ...deliveries };
    };

    const ids = new SequentialIdGenerator(); // one for every run: each run's audit event has an id of its own
    const retention = () =>
      new ApplyRetentionUseCase({
        unitOfWork: store().unitOfWork,
        rateLimits: store().rateLimits,
        sentEmails: NO_SENT_EMAIL_ARCHIVE,
        clock: new ManualClock(NOW),
        ids,
        policy: POLICY,
      });

    const EXPECTED: RetentionCounts = {
      auditEventsPseudonymised: 1,
      rejectedRequestsDeleted: 1,
      rejectedGuestbookEntriesDeleted: 1,
      expiredSessionsDeleted: 2,
      expiredDownloadLinksRemoved: 1,
      rateLimitWindowsDeleted: 1,
      sentEmailsDeleted: 0,
      unconfirmedReadersDeleted: 1,
      readerWebhooksDeleted: 0,
    };

    it('removes exactly what the policy names, nothing else, and audits the counts', async () => {
      const rows = await fixture();
      const { repositories, rateLimits } = store();

      const report = await retention().execute();
      expect(report.counts).toEqual(EXPECTED);

      const events = await repositories.auditEvents.listNewestFirst({ limit: 10 });
      const byId = new Map(events.map((event) => [event.id, event]));
      expect(byId.get(rows.oldEvent.id)).toEqual({ ...rows.oldEvent, ipAddress: null, userAgent: null });
      expect(byId.get(rows.oldEventWithoutOrigin.id)).toEqual(rows.oldEventWithoutOrigin);
      expect(byId.get(rows.recentEvent.id)).toEqual(rows.recentEvent);
      const audit = events.find((event) => event.action === 'retention');
      expect(audit).toMatchObject({
        resourceType: 'personal_data',
        resourceId: null,
        userId: null,
        ipAddress: null,
        userAgent: null,
        details: { asOf: NOW.toISOString(), ...EXPECTED },
      });
      expect(events).toHaveLength(4);

      expect(await repositories.scholarshipRequests.findById(rows.oldRejected.id)).toBeNull();
      for (const kept of [rows.recentRejected, rows.oldApproved, rows.oldPending]) {
        expect(await repositories.scholarshipRequests.findById(kept.id)).toEqual(kept);
      }
      expect(await repositories.guestbookEntries.findById(rows.oldRejectedEntry.id)).toBeNull();
      for (const kept of [rows.recentRejectedEntry, rows.oldApprovedEntry, rows.oldPendingEntry]) {
        expect(await repositories.guestbookEntries.findById(kept.id)).toEqual(kept);
      }

      expect(await repositories.adminSessions.findByTokenHash(rows.expiredSession.tokenHash)).toBeNull();
      expect(await repositories.adminSessions.findByTokenHash(rows.idleSession.tokenHash)).toBeNull();
      expect(await repositories.adminSessions.findByTokenHash(rows.liveSession.tokenHash)).toEqual(rows.liveSession);

      expect(await repositories.readers.findById(rows.unconfirmedReader.id)).toBeNull();
      expect(await repositories.readers.findById(rows.recentReader.id)).toEqual(rows.recentReader);
      expect(await repositories.readers.findById(rows.oldConfirmedReader.id)).toEqual(rows.oldConfirmedReader);

      // The rejected request's email went with it; the approved one's deliveries stay, the dead link without its token.
      const deliveries = await repositories.deliveries.listForRequests([rows.oldRejected.id, rows.oldApproved.id]);
      expect(deliveries.map((delivery) => delivery.id).sort()).toEqual(
        [rows.deadLink.id, rows.recentlyExpiredLink.id].sort(),
      );
      const dead = deliveries.find((delivery) => delivery.id === rows.deadLink.id);
      expect(dead).toEqual({ ...rows.deadLink, linkTokenHash: null, linkExpiresAt: null });
      expect(await repositories.deliveries.findByLinkTokenHash(rows.deadLink.linkTokenHash ?? '')).toBeNull();
      expect(await repositories.deliveries.findByLinkTokenHash(rows.recentlyExpiredLink.linkTokenHash ?? '')).toEqual(
        rows.recentlyExpiredLink,
      );

      expect(await rateLimits.peek('form:guestbook:203.0.113.8', NOW)).toMatchObject({ count: 1 });
      // The ended window is gone: a new hit opens a window of its own rather than continuing one.
      expect(await rateLimits.deleteEnded(NOW, true)).toBe(0);

      // A second run (another process, the next day's schedule) finds nothing left.
      const again = await retention().execute();
      expect(again.counts).toEqual(Object.fromEntries(Object.keys(EXPECTED).map((key) => [key, 0])));
    });

    it('counts the same in a dry run and changes nothing', async () => {
      const rows = await fixture();
      const { repositories } = store();
      const eventsBefore = await repositories.auditEvents.listNewestFirst({ limit: 10 });

      const report = await retention().execute({ dryRun: true });
      expect(report.dryRun).toBe(true);
      expect(report.counts).toEqual(EXPECTED);

      expect(await repositories.auditEvents.listNewestFirst({ limit: 10 })).toEqual(eventsBefore);
      expect(await repositories.scholarshipRequests.findById(rows.oldRejected.id)).toEqual(rows.oldRejected);
      expect(await repositories.guestbookEntries.findById(rows.oldRejectedEntry.id)).toEqual(rows.oldRejectedEntry);
      expect(await repositories.adminSessions.findByTokenHash(rows.expiredSession.tokenHash)).toEqual(
        rows.expiredSession,
      );
      expect(await repositories.deliveries.findByLinkTokenHash(rows.deadLink.linkTokenHash ?? '')).toEqual(
        rows.deadLink,
      );
      expect(await store().rateLimits.deleteEnded(NOW, true)).toBe(1);
      // And the real run still finds all of it.
      expect((await retention().execute()).counts).toEqual(EXPECTED);
    });

    it('runs as of another date: nothing is old enough a year earlier', async () => {
      await fixture();
      const report = await retention().execute({ asOf: ago(400 * DAY), dryRun: true });
      expect(report.counts).toEqual({ ...Object.fromEntries(Object.keys(EXPECTED).map((key) => [key, 0])) });
      expect(report.cutoffs.rejectedBefore).toEqual(ago(430 * DAY));
    });
  });
}
