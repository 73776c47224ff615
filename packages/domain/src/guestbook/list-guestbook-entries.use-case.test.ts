import { describe, expect, it } from '@jest/globals';

import { aGuestbookEntry, AT } from '../../testing';
import { createWorld, errorOf, valueOf } from '../../test/world';
import type { GuestbookEntry } from './guestbook-entry';
import type { GuestbookListPage } from './list-guestbook-entries.use-case';

const minute = (n: number) => AT(`2026-01-01T00:${String(n).padStart(2, '0')}:00.000Z`);
const pending = (n: number, fields: Partial<GuestbookEntry> = {}) =>
  aGuestbookEntry({ createdAt: minute(n), ...fields });
const approved = (n: number) =>
  aGuestbookEntry({ isApproved: true, reviewedAt: minute(59), createdAt: minute(n), name: `Approved ${n}` });
const rejected = (n: number) =>
  aGuestbookEntry({ reviewedAt: minute(59), createdAt: minute(n), name: `Rejected ${n}` });

describe('ListGuestbookEntriesUseCase', () => {
  async function worldWith(entries: readonly GuestbookEntry[]) {
    const world = createWorld();
    for (const entry of entries) await world.repositories.guestbookEntries.add(entry);
    return world;
  }

  it("without a filter, gives the screen's sections: a page of pending, the 10 newest approved, the 5 newest rejected, and exact counts", async () => {
    const entries = [
      ...Array.from({ length: 55 }, (_, n) => pending(n)),
      ...Array.from({ length: 12 }, (_, n) => approved(n)),
      ...Array.from({ length: 7 }, (_, n) => rejected(n)),
    ];
    const world = await worldWith(entries);
    const page = valueOf(await world.useCases.listGuestbookEntries.execute());
    expect(page.page).toHaveLength(50);
    expect(page.page.every((entry) => !entry.isApproved && entry.reviewedAt === null)).toBe(true);
    expect(page.sections.map((entry) => entry.name)).toEqual([
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Approved ${n}`),
      ...[6, 5, 4, 3, 2].map((n) => `Rejected ${n}`),
    ]);
    expect(page.counts).toEqual({ pending: 55, approved: 12, rejected: 7 });
    expect(page.nextCursor).not.toBeNull();

    const rest = valueOf(
      await world.useCases.listGuestbookEntries.execute({ class: 'pending', before: page.nextCursor }),
    );
    expect(rest.page).toHaveLength(5);
    expect(rest.nextCursor).toBeNull();
    const seen = new Set([...page.page, ...rest.page].map((entry) => entry.id));
    expect(seen.size).toBe(55);
  });

  it('reaches every approved entry, however old, a page at a time', async () => {
    const world = await worldWith(Array.from({ length: 25 }, (_, n) => approved(n)));
    const names: string[] = [];
    let before: string | null = null;
    do {
      const result: GuestbookListPage = valueOf(
        await world.useCases.listGuestbookEntries.execute({ class: 'approved', limit: 10, before }),
      );
      names.push(...result.page.map((entry) => entry.name));
      before = result.nextCursor;
    } while (before !== null);
    expect(names).toEqual(Array.from({ length: 25 }, (_, n) => `Approved ${24 - n}`));
  });

  it('pages every matching entry exactly once while new ones arrive', async () => {
    const world = await worldWith(Array.from({ length: 30 }, (_, n) => pending(n)));
    const first = valueOf(await world.useCases.listGuestbookEntries.execute({ class: 'pending', limit: 10 }));
    await world.repositories.guestbookEntries.add(pending(45)); // newer than every page
    const ids = [...first.page.map((entry) => entry.id)];
    let before = first.nextCursor;
    while (before !== null) {
      const page = valueOf(await world.useCases.listGuestbookEntries.execute({ class: 'pending', limit: 10, before }));
      ids.push(...page.page.map((entry) => entry.id));
      before = page.nextCursor;
    }
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('finds entries by a word or a fragment in the name, location, message or notes, whatever the case', async () => {
    const world = await worldWith([
      pending(1, { name: 'Grace Hopper', message: 'Nanoseconds!' }),
      pending(2, { name: 'Zofia', location: 'Kraków', message: 'Dzień dobry' }),
      approved(3),
      rejected(4),
      pending(5, { name: 'Bot', adminNotes: 'Check the SPAM filter', message: 'Hi' }),
    ]);
    const names = async (q: string, entryClass?: string) =>
      valueOf(await world.useCases.listGuestbookEntries.execute({ q, class: entryClass ?? null })).page.map(
        (entry) => entry.name,
      );
    expect(await names('hopper')).toEqual(['Grace Hopper']);
    expect(await names('  NANOSEC ')).toEqual(['Grace Hopper']);
    expect(await names('kraków')).toEqual(['Zofia']);
    expect(await names('spam')).toEqual(['Bot']);
    expect(await names('approved', 'rejected')).toEqual([]);
    expect(await names('rejected 4', 'rejected')).toEqual(['Rejected 4']);
    expect(await names('no such text')).toEqual([]);
  });

  it('exports every matching entry, newest first, a batch at a time', async () => {
    const world = await worldWith(Array.from({ length: 1203 }, (_, n) => approved(n % 60)));
    const exported: GuestbookEntry[] = [];
    for await (const entry of valueOf(world.useCases.listGuestbookEntries.exportAll({ class: 'approved' }))) {
      exported.push(entry);
    }
    expect(exported).toHaveLength(1203);
    expect(new Set(exported.map((entry) => entry.id)).size).toBe(1203);
  });

  it('refuses a class or a cursor it does not know', async () => {
    const world = await worldWith([]);
    expect(errorOf(await world.useCases.listGuestbookEntries.execute({ class: 'spam' }))).toMatchObject({
      code: 'LIST.INVALID_FILTER',
      message: 'There is no such class: use pending, approved or rejected.',
    });
    expect(errorOf(await world.useCases.listGuestbookEntries.execute({ before: 'page-2' })).code).toBe(
      'LIST.INVALID_CURSOR',
    );
  });
});
