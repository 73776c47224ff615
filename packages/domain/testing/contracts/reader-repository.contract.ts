import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import type { ReaderToken } from '../../src/readers/reader-token';
import { aReader } from '../builders';

const at = (iso: string) => new Date(iso);
const HOUR = 60 * 60_000;

const aToken = (readerId: string, overrides: Partial<ReaderToken> = {}): ReaderToken => ({
  tokenHash: `hash-${readerId.slice(0, 8)}-${overrides.purpose ?? 'confirm'}`,
  readerId,
  purpose: 'confirm',
  createdAt: at('2026-05-01T10:00:00.000Z'),
  expiresAt: at('2026-05-15T10:00:00.000Z'),
  usedAt: null,
  ...overrides,
});

/**
 * The reader list: one reader an address whatever its case; every change of state one
 * conditional step, so of concurrent calls the state allows exactly one wins; links single use.
 */
export function readerRepositoryContract(store: () => Persistence, concurrency: number): void {
  describe('ReaderRepository', () => {
    const readers = () => store().repositories.readers;

    it('keeps a reader as given and finds them by address in any case, and by id', async () => {
      const reader = aReader({ email: 'Grace.Hopper@Example.org', name: null, signUpIp: null });
      expect(await readers().addIfNew(reader)).toBe(true);
      expect(await readers().findByEmail('grace.hopper@EXAMPLE.org')).toEqual(reader);
      expect(await readers().findById(reader.id)).toEqual(reader);
      expect(await readers().findByEmail('ada@example.org')).toBeNull();
      expect(await readers().findById('00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it('keeps one reader an address, of concurrent sign-ups too', async () => {
      const added = await Promise.all(
        Array.from({ length: concurrency }, (_, index) =>
          readers().addIfNew(aReader({ email: index % 2 === 0 ? 'grace@example.org' : 'GRACE@example.org' })),
        ),
      );
      expect(added.filter(Boolean)).toHaveLength(1);
      const kept = await readers().findByEmail('grace@example.org');
      expect(kept?.emailKey).toBe('grace@example.org');
    });

    it('confirms a pending reader once, with where from, and the count back to 0', async () => {
      const reader = aReader({ confirmationsSent: 2, lastConfirmationAt: at('2026-05-01T10:00:00.000Z') });
      await readers().addIfNew(reader);
      const record = { at: at('2026-05-02T10:00:00.000Z'), ip: '198.51.100.4', userAgent: 'Phone' };
      expect(await readers().confirm(reader.id, record)).toBe(true);
      expect(await readers().confirm(reader.id, record)).toBe(false);
      expect(await readers().findById(reader.id)).toEqual({
        ...reader,
        status: 'confirmed',
        confirmedAt: record.at,
        confirmIp: '198.51.100.4',
        confirmUserAgent: 'Phone',
        confirmationsSent: 0,
      });
    });

    it('unsubscribes once, and signs an unsubscribed reader up again as pending', async () => {
      const reader = aReader({
        status: 'confirmed',
        confirmedAt: at('2026-05-02T10:00:00.000Z'),
        confirmIp: '1.2.3.4',
      });
      await readers().addIfNew(reader);
      const left = at('2026-05-03T10:00:00.000Z');
      expect(await readers().unsubscribe(reader.id, left, 'one-click')).toBe(true);
      expect(await readers().unsubscribe(reader.id, left, 'page')).toBe(false);
      const again = {
        name: 'Grace',
        source: 'guestbook' as const,
        consentVersion: 1,
        consentText: 'Email me when there is news about the book',
        signedUpAt: at('2026-05-04T10:00:00.000Z'),
        signUpIp: '192.0.2.1',
        signUpUserAgent: 'Laptop',
      };
      expect(await readers().signUpAgain(reader.id, again)).toBe(true);
      expect(await readers().signUpAgain(reader.id, again)).toBe(false);
      expect(await readers().findById(reader.id)).toEqual({
        ...reader,
        ...again,
        status: 'pending',
        confirmedAt: null,
        confirmIp: null,
        confirmUserAgent: null,
        unsubscribedAt: left,
        unsubscribedBy: 'one-click',
      });
    });

    it('counts confirmations within the caps, never past them together', async () => {
      const reader = aReader();
      await readers().addIfNew(reader);
      const now = at('2026-05-01T10:00:00.000Z');
      const earlier = new Date(now.getTime() - HOUR);
      const counted = await Promise.all(
        Array.from({ length: concurrency }, () => readers().countConfirmation(reader.id, now, 4, earlier)),
      );
      expect(counted.filter((count) => count !== null)).toEqual([1]);
      // Within the hour: refused; after it: the second.
      const soon = new Date(now.getTime() + HOUR / 2);
      expect(await readers().countConfirmation(reader.id, soon, 4, new Date(soon.getTime() - HOUR))).toBeNull();
      const later = new Date(now.getTime() + HOUR);
      expect(await readers().countConfirmation(reader.id, later, 4, new Date(later.getTime() - HOUR))).toBe(2);
      // At the cap: refused whenever.
      expect(await readers().countConfirmation(reader.id, later, 2, new Date(later.getTime() + HOUR))).toBeNull();
      expect(await readers().findById(reader.id)).toMatchObject({ confirmationsSent: 2, lastConfirmationAt: later });
    });

    it('uses a link once: of concurrent uses exactly one wins, and never after it expires', async () => {
      const reader = aReader();
      await readers().addIfNew(reader);
      const link = aToken(reader.id);
      await readers().addToken(link);
      expect(await readers().findToken(link.tokenHash)).toEqual(link);
      expect(await readers().findToken('')).toBeNull();
      expect(await readers().findToken('nothing-like-it')).toBeNull();
      const now = at('2026-05-02T10:00:00.000Z');
      const used = await Promise.all(
        Array.from({ length: concurrency }, () => readers().useToken(link.tokenHash, now)),
      );
      expect(used.filter(Boolean)).toHaveLength(1);
      expect(await readers().findToken(link.tokenHash)).toEqual({ ...link, usedAt: now });

      const late = aToken(reader.id, { tokenHash: 'late-hash' });
      await readers().addToken(late);
      expect(await readers().useToken(late.tokenHash, at('2026-05-15T10:00:00.000Z'))).toBe(false);
      const forever = aToken(reader.id, { tokenHash: 'forever-hash', purpose: 'unsubscribe', expiresAt: null });
      await readers().addToken(forever);
      expect(await readers().useToken(forever.tokenHash, at('2036-05-15T10:00:00.000Z'))).toBe(true);
    });

    it('deletes pending sign-ups older than a date with their links, and a reader by address', async () => {
      const old = aReader({ signedUpAt: at('2026-04-01T10:00:00.000Z') });
      const recent = aReader({ signedUpAt: at('2026-05-01T10:00:00.000Z') });
      const confirmed = aReader({ status: 'confirmed', signedUpAt: at('2026-01-01T10:00:00.000Z') });
      for (const reader of [old, recent, confirmed]) await readers().addIfNew(reader);
      await readers().addToken(aToken(old.id));
      await readers().addToken(aToken(confirmed.id, { purpose: 'unsubscribe', expiresAt: null }));

      expect(await readers().deletePendingSignedUpBefore(at('2026-04-15T00:00:00.000Z'))).toBe(1);
      expect(await readers().findById(old.id)).toBeNull();
      expect(await readers().findToken(aToken(old.id).tokenHash)).toBeNull();
      expect(await readers().findById(recent.id)).toEqual(recent);

      expect(await readers().deleteByEmail(confirmed.email.toUpperCase())).toBe(true);
      expect(await readers().deleteByEmail(confirmed.email)).toBe(false);
      expect(await readers().findById(confirmed.id)).toBeNull();
      expect(await readers().findToken(aToken(confirmed.id, { purpose: 'unsubscribe' }).tokenHash)).toBeNull();
    });

    it("pages the owner's list newest sign-up first, by status and by text in the address or the name", async () => {
      const signedUp = (minute: number) => at(`2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`);
      const pending = aReader({ email: 'Pending@Example.org', name: 'Ada', signedUpAt: signedUp(1) });
      const confirmed = aReader({
        email: 'c@example.org',
        name: '山田 花子',
        status: 'confirmed',
        signedUpAt: signedUp(2),
      });
      const left = aReader({
        email: 'left_100%@example.org',
        name: null,
        status: 'unsubscribed',
        signedUpAt: signedUp(3),
      });
      // Two sign-ups of one millisecond: the id orders them.
      const twinA = aReader({
        id: '00000000-0000-4000-8000-00000000000a',
        email: 'twin-a@example.org',
        signedUpAt: signedUp(4),
      });
      const twinB = aReader({
        id: '00000000-0000-4000-8000-00000000000b',
        email: 'twin-b@example.org',
        signedUpAt: signedUp(4),
      });
      for (const reader of [pending, confirmed, left, twinA, twinB]) await readers().addIfNew(reader);
      const ids = (list: readonly { id: string }[]) => list.map(({ id }) => id);

      expect(ids(await readers().listPage({}, { limit: 10 }))).toEqual([
        twinB.id,
        twinA.id,
        left.id,
        confirmed.id,
        pending.id,
      ]);
      const first = await readers().listPage({}, { limit: 2 });
      expect(ids(first)).toEqual([twinB.id, twinA.id]);
      const after = { createdAt: twinA.signedUpAt, id: twinA.id };
      expect(ids(await readers().listPage({}, { limit: 2, before: after }))).toEqual([left.id, confirmed.id]);
      expect(await readers().listPage({}, { limit: 2, before: after })).toEqual([left, confirmed]);

      expect(ids(await readers().listPage({ status: 'pending' }, { limit: 10 }))).toEqual([
        twinB.id,
        twinA.id,
        pending.id,
      ]);
      expect(ids(await readers().listPage({ status: 'pending' }, { limit: 10, before: after }))).toEqual([pending.id]);
      expect(ids(await readers().listPage({ search: 'pending@example' }, { limit: 10 }))).toEqual([pending.id]);
      expect(ids(await readers().listPage({ search: '花子' }, { limit: 10 }))).toEqual([confirmed.id]);
      expect(ids(await readers().listPage({ search: 'ada', status: 'confirmed' }, { limit: 10 }))).toEqual([]);
      // LIKE's wildcards are text like any other.
      expect(ids(await readers().listPage({ search: '_100%' }, { limit: 10 }))).toEqual([left.id]);
      expect(ids(await readers().listPage({ search: '%' }, { limit: 10 }))).toEqual([left.id]);
    });

    it('finds a name or an address in any letter case, in every script (the search comes lower case)', async () => {
      const signedUp = (minute: number) => at(`2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`);
      const named = [
        aReader({ email: 'elodie@example.org', name: 'ÉLODIE Durand', signedUpAt: signedUp(1) }),
        aReader({ email: 'anna@example.org', name: 'Анна Ёлкина', signedUpAt: signedUp(2) }),
        aReader({ email: 'ΣΟΦΙΑ@example.gr', name: null, signedUpAt: signedUp(3) }),
      ];
      for (const reader of named) await readers().addIfNew(reader);
      const emails = async (search: string) =>
        (await readers().listPage({ search }, { limit: 10 })).map((reader) => reader.email);
      expect(await emails('élodie')).toEqual(['elodie@example.org']);
      expect(await emails('анна ё')).toEqual(['anna@example.org']);
      expect(await emails('σοφια@')).toEqual(['ΣΟΦΙΑ@example.gr']);
      expect(await emails('durand')).toEqual(['elodie@example.org']);
    });

    it('counts the readers of each status, and the confirmations of each day since a date', async () => {
      const confirmedOn = (iso: string, status: 'confirmed' | 'unsubscribed' = 'confirmed') =>
        aReader({ status, confirmedAt: at(iso) });
      for (const reader of [
        aReader(),
        confirmedOn('2026-04-30T23:59:59.999Z'),
        confirmedOn('2026-05-01T00:00:00.000Z'),
        confirmedOn('2026-05-01T23:59:59.999Z', 'unsubscribed'),
        confirmedOn('2026-05-03T12:00:00.000Z'),
        aReader({ status: 'unsubscribed' }),
      ]) {
        await readers().addIfNew(reader);
      }
      expect(await readers().countByStatus()).toEqual({ pending: 1, confirmed: 3, unsubscribed: 2 });
      expect(await readers().confirmedPerDay(at('2026-05-01T00:00:00.000Z'))).toEqual([
        { day: '2026-05-01', confirmed: 2 },
        { day: '2026-05-03', confirmed: 1 },
      ]);
    });
  });
}
