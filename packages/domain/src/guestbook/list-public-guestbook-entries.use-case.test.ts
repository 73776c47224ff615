import { beforeEach, describe, expect, it } from '@jest/globals';

import { aGuestbookEntry, AT } from '../../testing';
import { createWorld, type World } from '../../test/world';
import { clampPublicLimit } from './list-public-guestbook-entries.use-case';

describe('ListPublicGuestbookEntriesUseCase', () => {
  let world: World;

  beforeEach(() => {
    world = createWorld();
  });

  async function addApproved(count: number) {
    const entries = Array.from({ length: count }, (_, i) =>
      aGuestbookEntry({
        isApproved: true,
        reviewedAt: AT('2026-01-14T00:00:00.000Z'),
        adminNotes: 'internal note',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      }),
    );
    for (const entry of entries) await world.repositories.guestbookEntries.add(entry);
    return entries;
  }

  it('shows approved entries only, newest first', async () => {
    const approved = await addApproved(2);
    await world.repositories.guestbookEntries.add(aGuestbookEntry({ createdAt: AT('2026-01-20T00:00:00.000Z') }));
    await world.repositories.guestbookEntries.add(
      aGuestbookEntry({ reviewedAt: AT('2026-01-20T00:00:00.000Z'), createdAt: AT('2026-01-20T00:00:00.000Z') }),
    );
    const listed = await world.useCases.listPublicGuestbookEntries.execute();
    expect(listed.map((entry) => entry.id)).toEqual([approved[1]?.id, approved[0]?.id]);
  });

  it('never exposes review fields or notes', async () => {
    await addApproved(1);
    const [entry] = await world.useCases.listPublicGuestbookEntries.execute();
    expect(Object.keys(entry ?? {}).sort()).toEqual(['createdAt', 'id', 'location', 'message', 'name']);
  });

  it('shows at most 5 by default and when asked for more', async () => {
    await addApproved(8);
    expect(await world.useCases.listPublicGuestbookEntries.execute()).toHaveLength(5);
    expect(await world.useCases.listPublicGuestbookEntries.execute({ limit: 100 })).toHaveLength(5);
    expect(await world.useCases.listPublicGuestbookEntries.execute({ limit: 2 })).toHaveLength(2);
  });

  it('clamps the limit to a whole number from 1 to 5', () => {
    expect(clampPublicLimit(undefined)).toBe(5);
    expect(clampPublicLimit(null)).toBe(5);
    expect(clampPublicLimit(Number.NaN)).toBe(5);
    expect(clampPublicLimit(Number.POSITIVE_INFINITY)).toBe(5);
    expect(clampPublicLimit(0)).toBe(1);
    expect(clampPublicLimit(-3)).toBe(1);
    expect(clampPublicLimit(1)).toBe(1);
    expect(clampPublicLimit(2.7)).toBe(2);
    expect(clampPublicLimit(5)).toBe(5);
    expect(clampPublicLimit(6)).toBe(5);
  });
});
