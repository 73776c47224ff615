import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { aGuestbookEntry, AT } from '../builders';
import type { SearchReach } from './persistence.contract';

export function guestbookEntryRepositoryContract(store: () => Persistence, search: SearchReach): void {
  describe('GuestbookEntryRepository', () => {
    const repo = () => store().repositories.guestbookEntries;

    it('returns an added entry as it was stored, emoji and milliseconds included', async () => {
      const entry = aGuestbookEntry({
        name: 'Zoë 中文',
        location: null,
        message: 'Hello 👋🏽 from the other side\nsecond line',
        createdAt: AT('2026-03-04T05:06:07.891Z'),
      });
      await repo().add(entry);
      expect(await repo().findById(entry.id)).toEqual(entry);
    });

    it('lists the entries created in a time range, oldest first, at most the limit', async () => {
      const at = (iso: string) => aGuestbookEntry({ createdAt: AT(iso) });
      const [before, first, second, after] = [
        at('2026-01-01T23:59:59.999Z'),
        at('2026-01-02T00:00:00.000Z'),
        at('2026-01-02T23:59:59.999Z'),
        at('2026-01-03T00:00:00.000Z'),
      ];
      for (const entry of [after, second, before, first]) await repo().add(entry);
      const from = AT('2026-01-02T00:00:00.000Z');
      const to = AT('2026-01-03T00:00:00.000Z');
      expect(await repo().listCreatedBetween(from, to, 10)).toEqual([first, second]);
      expect(await repo().listCreatedBetween(from, to, 1)).toEqual([first]);
    });

    it('finds nothing for an unknown or empty id', async () => {
      await repo().add(aGuestbookEntry());
      expect(await repo().findById('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000')).toBeNull();
      expect(await repo().findById('')).toBeNull();
    });

    it('lists approved entries only, newest first, at most the limit', async () => {
      const older = aGuestbookEntry({ isApproved: true, createdAt: AT('2026-01-01T00:00:00.000Z') });
      const newer = aGuestbookEntry({ isApproved: true, createdAt: AT('2026-01-02T00:00:00.000Z') });
      const newest = aGuestbookEntry({ isApproved: true, createdAt: AT('2026-01-03T00:00:00.000Z') });
      const pending = aGuestbookEntry({ createdAt: AT('2026-01-04T00:00:00.000Z') });
      const rejected = aGuestbookEntry({
        reviewedAt: AT('2026-01-05T00:00:00.000Z'),
        createdAt: AT('2026-01-05T00:00:00.000Z'),
      });
      for (const entry of [newer, pending, older, rejected, newest]) await repo().add(entry);

      expect((await repo().listApproved(5)).map((e) => e.id)).toEqual([newest.id, newer.id, older.id]);
      expect((await repo().listApproved(2)).map((e) => e.id)).toEqual([newest.id, newer.id]);
    });

    it('orders entries created in the same millisecond by id, descending', async () => {
      const createdAt = AT('2026-01-01T00:00:00.000Z');
      const a = aGuestbookEntry({ id: '00000000-0000-4000-8000-00000000000a', isApproved: true, createdAt });
      const b = aGuestbookEntry({ id: '00000000-0000-4000-8000-00000000000b', isApproved: true, createdAt });
      await repo().add(a);
      await repo().add(b);
      expect((await repo().listApproved(5)).map((e) => e.id)).toEqual([b.id, a.id]);
      expect((await repo().listAll()).map((e) => e.id)).toEqual([b.id, a.id]);
    });

    it('lists every entry, newest first, for the admin', async () => {
      const first = aGuestbookEntry({ createdAt: AT('2026-01-01T00:00:00.000Z') });
      const second = aGuestbookEntry({ isApproved: true, createdAt: AT('2026-01-02T00:00:00.000Z') });
      await repo().add(first);
      await repo().add(second);
      expect(await repo().listAll()).toEqual([second, first]);
    });

    it('records a review and lets a later review overwrite it', async () => {
      const entry = aGuestbookEntry();
      await repo().add(entry);

      const approved = await repo().saveReview(entry.id, {
        isApproved: true,
        adminNotes: 'Nice one',
        reviewedAt: AT('2026-02-01T10:00:00.001Z'),
      });
      expect(approved).toEqual({
        ...entry,
        isApproved: true,
        adminNotes: 'Nice one',
        reviewedAt: AT('2026-02-01T10:00:00.001Z'),
      });

      await repo().saveReview(entry.id, {
        isApproved: false,
        adminNotes: null,
        reviewedAt: AT('2026-02-02T10:00:00.000Z'),
      });
      expect(await repo().findById(entry.id)).toEqual({
        ...entry,
        isApproved: false,
        adminNotes: null,
        reviewedAt: AT('2026-02-02T10:00:00.000Z'),
      });
    });

    it('answers null when reviewing an entry that does not exist', async () => {
      const review = { isApproved: true, adminNotes: null, reviewedAt: AT('2026-02-01T00:00:00.000Z') };
      expect(await repo().saveReview('6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000', review)).toBeNull();
    });

    describe('pages and filters', () => {
      const minute = (n: number) => AT(`2026-01-01T00:${String(n).padStart(2, '0')}:00.000Z`);
      const sameTime = AT('2026-01-01T00:30:00.000Z');

      it('lists one class, newest first, strictly after a cursor, ties by id descending', async () => {
        const a = aGuestbookEntry({ id: '00000000-0000-4000-8000-00000000000a', createdAt: sameTime });
        const b = aGuestbookEntry({ id: '00000000-0000-4000-8000-00000000000b', createdAt: sameTime });
        const older = aGuestbookEntry({ createdAt: minute(1) });
        const approved = aGuestbookEntry({ isApproved: true, reviewedAt: minute(50), createdAt: minute(40) });
        const rejected = aGuestbookEntry({ reviewedAt: minute(50), createdAt: minute(41) });
        for (const entry of [a, older, approved, b, rejected]) await repo().add(entry);

        const pending = await repo().listPage({ class: 'pending' }, { limit: 10 });
        expect(pending.map((e) => e.id)).toEqual([b.id, a.id, older.id]);
        expect((await repo().listPage({ class: 'pending' }, { limit: 1, before: b })).map((e) => e.id)).toEqual([a.id]);
        expect((await repo().listPage({ class: 'pending' }, { limit: 5, before: a })).map((e) => e.id)).toEqual([
          older.id,
        ]);
        expect(await repo().listPage({ class: 'approved' }, { limit: 5 })).toEqual([approved]);
        expect(await repo().listPage({ class: 'rejected' }, { limit: 5 })).toEqual([rejected]);
        expect((await repo().listPage({}, { limit: 10 })).map((e) => e.id)).toEqual([
          rejected.id,
          approved.id,
          b.id,
          a.id,
          older.id,
        ]);
      });

      it('moves an entry between classes when it is reviewed, and counts each class exactly', async () => {
        const entry = aGuestbookEntry({ createdAt: minute(1) });
        await repo().add(entry);
        await repo().add(aGuestbookEntry({ createdAt: minute(2) }));
        expect(await repo().countByClass()).toEqual({ pending: 2, approved: 0, rejected: 0 });
        await repo().saveReview(entry.id, { isApproved: true, adminNotes: null, reviewedAt: minute(3) });
        expect(await repo().countByClass()).toEqual({ pending: 1, approved: 1, rejected: 0 });
        expect((await repo().listPage({ class: 'approved' }, { limit: 5 })).map((e) => e.id)).toEqual([entry.id]);
        await repo().saveReview(entry.id, { isApproved: false, adminNotes: 'spam', reviewedAt: minute(4) });
        expect(await repo().countByClass()).toEqual({ pending: 1, approved: 0, rejected: 1 });
        expect((await repo().listPage({ class: 'rejected' }, { limit: 5 })).map((e) => e.id)).toEqual([entry.id]);
      });

      it('finds text in the name, location, message or notes: a word or a fragment, any letter case', async () => {
        const hopper = aGuestbookEntry({
          name: 'Grace Hopper',
          location: null,
          message: 'Nanoseconds',
          createdAt: minute(1),
        });
        const krakow = aGuestbookEntry({
          name: 'Zofia',
          location: 'Kraków',
          message: 'Dzień dobry 你好',
          createdAt: minute(2),
        });
        const noted = aGuestbookEntry({
          name: 'Bot',
          message: 'Hi',
          adminNotes: 'Looks like spam_bot 100%',
          createdAt: minute(3),
        });
        const lodz = aGuestbookEntry({ name: 'ŁUKASZ', location: 'ŁÓDŹ', message: 'Cześć', createdAt: minute(4) });
        for (const entry of [hopper, krakow, noted, lodz]) await repo().add(entry);
        const found = async (search: string) =>
          (await repo().listPage({ search }, { limit: 10 })).map((entry) => entry.name);
        expect(await found('hopper')).toEqual(['Grace Hopper']);
        expect(await found('nanosec')).toEqual(['Grace Hopper']);
        expect(await found('grace hopper')).toEqual(['Grace Hopper']);
        expect(await found('kraków')).toEqual(['Zofia']);
        expect(await found('你好')).toEqual(['Zofia']);
        expect(await found('spam_bot')).toEqual(['Bot']);
        expect(await found('100%')).toEqual(['Bot']);
        expect(await found('spam_b')).toEqual(['Bot']);
        expect(await found('looks like')).toEqual(['Bot']);
        // A fragment inside a word: the trigram index finds it, a FULLTEXT index does not.
        expect(await found('m_b')).toEqual(search === 'fragments' ? ['Bot'] : []);
        expect(await found('anosecond')).toEqual(search === 'fragments' ? ['Grace Hopper'] : []);
        expect(await found('_')).toEqual(['Bot']);
        expect(await found('%')).toEqual(['Bot']);
        expect(await found('nobody')).toEqual([]);
        // Capitals of every script, by a search too short for a text index and by a longer one.
        expect(await found('łó')).toEqual(['ŁUKASZ']);
        expect(await found('łukasz')).toEqual(['ŁUKASZ']);
        expect(await repo().listPage({ search: 'hopper', class: 'approved' }, { limit: 10 })).toEqual([]);
      });
    });

    it('summarizes total, pending and entries created since an instant (inclusive)', async () => {
      const since = AT('2026-01-10T00:00:00.000Z');
      await repo().add(aGuestbookEntry({ createdAt: AT('2026-01-09T23:59:59.999Z') })); // pending, before
      await repo().add(aGuestbookEntry({ createdAt: since })); // pending, at the boundary
      await repo().add(
        aGuestbookEntry({ isApproved: true, reviewedAt: since, createdAt: AT('2026-01-11T00:00:00.000Z') }),
      );
      await repo().add(aGuestbookEntry({ reviewedAt: since, createdAt: AT('2026-01-01T00:00:00.000Z') })); // rejected
      expect(await repo().summarize(since)).toEqual({ total: 4, pending: 2, createdSince: 2 });
    });

    it('summarizes an empty guestbook as zeros', async () => {
      expect(await repo().summarize(AT('2026-01-01T00:00:00.000Z'))).toEqual({ total: 0, pending: 0, createdSince: 0 });
    });
  });
}
