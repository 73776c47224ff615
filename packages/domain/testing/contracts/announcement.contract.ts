import { describe, expect, it } from '@jest/globals';

import { newDelivery } from '../../src/outbox/delivery';
import type { Persistence } from '../../src/persistence';
import { announcementKey, announcementKeyPrefix, type Announcement } from '../../src/readers/announcement';
import { aReader, aUuid } from '../builders';

const at = (iso: string) => new Date(iso);

const anAnnouncement = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: aUuid(),
  subject: 'The paperback is out — 📚',
  text: 'Line one\n\nЗдравствуйте',
  createdAt: at('2026-05-01T10:00:00.000Z'),
  createdBy: aUuid(),
  test: false,
  queuedCount: 0,
  queuedThrough: null,
  queuedAt: null,
  ...overrides,
});

const aMail = (key: string) => ({
  ...newDelivery({ id: aUuid(), kind: 'announcement', now: at('2026-05-01T10:00:00.000Z') }),
  dedupeKey: key,
});

/**
 * Announcements: kept beside the readers; their recipients read a batch at a time along the
 * readers' ids; their mails queued in batches that never queue a key twice, and counted by the
 * prefix of their keys.
 */
export function announcementContract(store: () => Persistence, concurrency: number): void {
  describe('announcements', () => {
    const readers = () => store().repositories.readers;
    const deliveries = () => store().repositories.deliveries;

    it('keeps an announcement as given, lists those that are not tests newest first, and the unfinished', async () => {
      const older = anAnnouncement({ createdAt: at('2026-05-01T10:00:00.000Z') });
      const newer = anAnnouncement({
        createdAt: at('2026-05-02T10:00:00.000Z'),
        queuedAt: at('2026-05-02T10:00:01.000Z'),
      });
      const test = anAnnouncement({ test: true, createdAt: at('2026-05-03T10:00:00.000Z') });
      for (const announcement of [older, newer, test]) await readers().addAnnouncement(announcement);
      expect(await readers().findAnnouncement(test.id)).toEqual(test);
      expect(await readers().findAnnouncement(aUuid())).toBeNull();
      expect(await readers().listAnnouncements(10)).toEqual([newer, older]);
      expect(await readers().listAnnouncements(1)).toEqual([newer]);
      expect(await readers().listAnnouncementsQueuing()).toEqual([older]);
    });

    it('records queuing progress only forward', async () => {
      const announcement = anAnnouncement();
      await readers().addAnnouncement(announcement);
      const through = aUuid();
      await readers().recordAnnouncementProgress(announcement.id, {
        queuedCount: 500,
        queuedThrough: through,
        queuedAt: null,
      });
      await readers().recordAnnouncementProgress(announcement.id, {
        queuedCount: 0,
        queuedThrough: null,
        queuedAt: null,
      });
      expect(await readers().findAnnouncement(announcement.id)).toMatchObject({
        queuedCount: 500,
        queuedThrough: through,
      });
      const done = at('2026-05-01T10:05:00.000Z');
      await readers().recordAnnouncementProgress(announcement.id, {
        queuedCount: 501,
        queuedThrough: through,
        queuedAt: done,
      });
      expect(await readers().findAnnouncement(announcement.id)).toMatchObject({ queuedCount: 501, queuedAt: done });
    });

    it('reads the recipients in id order after a cursor: confirmed readers whose address is not suppressed', async () => {
      const confirmed = Array.from({ length: 5 }, (_, n) =>
        aReader({ email: `Reader${n}@Example.org`, status: 'confirmed', confirmedAt: at('2026-04-01T00:00:00.000Z') }),
      );
      for (const reader of confirmed) await readers().addIfNew(reader);
      await readers().addIfNew(aReader({ email: 'pending@example.org' }));
      await readers().addIfNew(aReader({ email: 'left@example.org', status: 'unsubscribed' }));
      await store().repositories.suppressions.suppress({
        email: 'reader2@example.org',
        reason: 'complaint',
        at: at('2026-05-01T00:00:00.000Z'),
      });
      const expected = confirmed
        .filter((reader) => reader.email !== 'Reader2@Example.org')
        .map(({ id }) => id)
        .sort();
      const first = await readers().listListMailRecipients(null, 3);
      expect(first.map(({ id }) => id)).toEqual(expected.slice(0, 3));
      const rest = await readers().listListMailRecipients(first[2]?.id ?? null, 3);
      expect(rest.map(({ id }) => id)).toEqual(expected.slice(3));
      expect(await readers().listListMailRecipients(expected.at(-1) ?? null, 3)).toEqual([]);
    });

    it('queues a batch of mails once per key, of concurrent batches too, and counts them by prefix', async () => {
      const announcementId = aUuid();
      const keys = Array.from({ length: 20 }, () => announcementKey(announcementId, aUuid()));
      expect(await deliveries().addManyUnlessDuplicate(keys.slice(0, 10).map(aMail))).toBe(10);
      // The batch again, as after a crash before its progress was recorded, and the next ones at once.
      const added = await Promise.all(
        Array.from({ length: concurrency }, () => deliveries().addManyUnlessDuplicate(keys.map(aMail))),
      );
      expect(added.reduce((sum, n) => sum + n, 0)).toBe(10);
      expect(await deliveries().addManyUnlessDuplicate([])).toBe(0);

      const other = aUuid();
      const otherMails = [aMail(announcementKey(other, aUuid())), aMail(announcementKey(other, null))];
      await deliveries().addManyUnlessDuplicate(otherMails);
      await deliveries().markSent(otherMails[0]?.id ?? '', at('2026-05-01T10:00:01.000Z'));
      await deliveries().markAttemptFailed(otherMails[1]?.id ?? '', 'Not sent: the reader left', null);
      const prefix = announcementKeyPrefix(announcementId);
      expect(await deliveries().countByKeyPrefix(prefix)).toEqual({ queued: 20, sent: 0, failed: 0 });
      expect(await deliveries().countByKeyPrefix(announcementKeyPrefix(other))).toEqual({
        queued: 0,
        sent: 1,
        failed: 1,
      });
      expect(await deliveries().countByKeyPrefix(announcementKeyPrefix(aUuid()))).toEqual({
        queued: 0,
        sent: 0,
        failed: 0,
      });
    });
  });
}
