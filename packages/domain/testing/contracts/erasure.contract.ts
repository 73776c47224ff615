import { describe, expect, it } from '@jest/globals';

import { ManualClock, SequentialIdGenerator } from '../../memory/fakes';
import { ERASED_EMAIL, ERASED_NAME, ErasePersonUseCase } from '../../src/personal-data/erase-person.use-case';
import { NO_SENT_EMAIL_ARCHIVE } from '../../src/retention/retention';
import type { Persistence } from '../../src/persistence';
import { aDelivery, anAuditEvent, aReader, aScholarshipRequest, aUuid } from '../builders';

const NOW = new Date('2026-06-01T12:00:00.000Z');

/** Erasure over a real store: the person's rows lose them, nobody else's change, and a preview changes nothing. */
export function erasureContract(store: () => Persistence): void {
  describe('erasure', () => {
    const ids = new SequentialIdGenerator();
    const erase = () =>
      new ErasePersonUseCase({
        unitOfWork: store().unitOfWork,
        sentEmails: NO_SENT_EMAIL_ARCHIVE,
        clock: new ManualClock(NOW),
        ids,
      });

    it("takes the person out of their requests, links and audit details, leaving everyone else's", async () => {
      const { repositories } = store();
      const approved = aScholarshipRequest({
        email: 'Grace@Example.org',
        status: 'approved',
        decidedAt: new Date('2026-05-01T00:00:00Z'),
        adminNotes: 'Grace studies at night',
      });
      const pending = aScholarshipRequest({ email: 'grace@example.org', createdAt: new Date('2026-05-20T00:00:00Z') });
      const someoneElse = aScholarshipRequest({ name: 'Ada', email: 'ada@example.org', adminNotes: 'Ada too' });
      for (const request of [approved, pending, someoneElse]) await repositories.scholarshipRequests.add(request);
      const link = aDelivery({
        requestId: approved.id,
        status: 'sent',
        linkTokenHash: `link-${approved.id}`,
        linkExpiresAt: new Date('2026-06-10T00:00:00Z'),
        lastError: '550 grace@example.org: mailbox full',
        downloadCount: 1,
      });
      const othersLink = aDelivery({ requestId: someoneElse.id, linkTokenHash: `link-${someoneElse.id}` });
      await repositories.deliveries.add(link);
      await repositories.deliveries.add(othersLink);
      const decision = anAuditEvent({ resourceType: 'scholarship_request', resourceId: approved.id });
      const othersDecision = anAuditEvent({ resourceType: 'scholarship_request', resourceId: someoneElse.id });
      await repositories.auditEvents.append(decision);
      await repositories.auditEvents.append(othersDecision);

      const claim = await repositories.crackmeClaims.addOnce({
        id: aUuid(),
        name: 'Grace H.',
        email: 'grace@EXAMPLE.org',
        createdAt: new Date('2026-05-02T00:00:00Z'),
        prizeSentAt: null,
      });
      const othersClaim = await repositories.crackmeClaims.addOnce({
        id: aUuid(),
        name: 'Ada',
        email: 'ada@example.org',
        createdAt: new Date('2026-05-03T00:00:00Z'),
        prizeSentAt: null,
      });

      await repositories.suppressions.suppress({ email: 'grace@example.org', reason: 'bounce', at: NOW });
      await repositories.suppressions.suppress({ email: 'ada@example.org', reason: 'complaint', at: NOW });

      const reader = aReader({ email: 'grace@Example.org', status: 'confirmed', confirmedAt: NOW });
      const othersReader = aReader({ email: 'ada@example.org' });
      await repositories.readers.addIfNew(reader);
      await repositories.readers.addIfNew(othersReader);
      await repositories.readers.addToken({
        tokenHash: 'grace-unsubscribe',
        readerId: reader.id,
        purpose: 'unsubscribe',
        createdAt: NOW,
        expiresAt: null,
        usedAt: null,
      });

      const preview = await erase().execute({ email: 'GRACE@example.org', preview: true });
      const expected = {
        requests: 2,
        pendingClosed: 1,
        deliveries: 1,
        auditEvents: 1,
        crackmeClaims: 1,
        suppressions: 1,
        readers: 1,
        sentEmails: 0,
      };
      expect(preview.ok && preview.value.counts).toEqual(expected);
      expect(await repositories.scholarshipRequests.findById(approved.id)).toEqual(approved);
      expect(await repositories.suppressions.find('grace@example.org')).not.toBeNull();
      expect(await repositories.readers.findById(reader.id)).toEqual(reader);

      const done = await erase().execute({ email: 'grace@example.org' });
      expect(done.ok && done.value.counts).toEqual(expected);
      expect(await repositories.scholarshipRequests.findById(approved.id)).toEqual({
        ...approved,
        name: ERASED_NAME,
        email: ERASED_EMAIL,
        message: null,
        adminNotes: null,
      });
      expect(await repositories.scholarshipRequests.findById(pending.id)).toEqual({
        ...pending,
        name: ERASED_NAME,
        email: ERASED_EMAIL,
        message: null,
        status: 'rejected',
        decidedAt: NOW,
      });
      expect(await repositories.scholarshipRequests.findById(someoneElse.id)).toEqual(someoneElse);
      expect(await repositories.scholarshipRequests.listByEmail('grace@example.org')).toEqual([]);

      const [kept] = await repositories.deliveries.listForRequests([approved.id]);
      expect(kept).toEqual({ ...link, linkTokenHash: null, linkExpiresAt: null, lastError: null });
      expect(await repositories.deliveries.findByLinkTokenHash(`link-${someoneElse.id}`)).toEqual(othersLink);

      expect(await repositories.crackmeClaims.listInOrder(10)).toEqual([
        { ...claim, name: ERASED_NAME, email: ERASED_EMAIL },
        othersClaim,
      ]);
      expect(await repositories.crackmeClaims.listByEmail('grace@example.org')).toEqual([]);
      expect(await repositories.suppressions.listNewestFirst(10)).toEqual([
        { email: 'ada@example.org', reason: 'complaint', at: NOW },
      ]);

      expect(await repositories.readers.findByEmail('grace@example.org')).toBeNull();
      expect(await repositories.readers.findToken('grace-unsubscribe')).toBeNull();
      expect(await repositories.readers.findById(othersReader.id)).toEqual(othersReader);

      const events = await repositories.auditEvents.listNewestFirst({ limit: 10 });
      expect(events.find((event) => event.id === decision.id)).toEqual({ ...decision, details: null });
      expect(events.find((event) => event.id === othersDecision.id)).toEqual(othersDecision);
      expect(events.find((event) => event.action === 'erasure')?.details).toEqual(expected);
    });
  });
}
