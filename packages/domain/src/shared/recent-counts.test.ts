import { describe, expect, it } from '@jest/globals';

import { aGuestbookEntry } from '../../testing';
import { createWorld, GUESTBOOK_ANSWER, valueOf } from '../../test/world';
import { RECENT_COUNTS_TTL_MS } from './recent-counts';

describe('the counts the screens show', () => {
  const countsOf = async (world: ReturnType<typeof createWorld>) =>
    valueOf(await world.useCases.listGuestbookEntries.execute()).counts;

  it('change at once after a write in this process', async () => {
    const world = createWorld();
    const owner = await world.signedInOwner();
    expect(await countsOf(world)).toEqual({ pending: 0, approved: 0, rejected: 0 });
    const signed = await world.useCases.signGuestbook.execute({
      name: 'Ada',
      message: 'Hello',
      riddleAnswer: GUESTBOOK_ANSWER,
    });
    expect(signed.ok).toBe(true);
    expect(await countsOf(world)).toEqual({ pending: 1, approved: 0, rejected: 0 });
    expect((await world.useCases.getDashboard.execute()).guestbook).toEqual({ total: 1, pending: 1 });
    const [entry] = valueOf(await world.useCases.listGuestbookEntries.execute()).page;
    await world.useCases.moderateGuestbookEntry.execute({ id: entry?.id ?? '', isApproved: true }, owner);
    expect(await countsOf(world)).toEqual({ pending: 0, approved: 1, rejected: 0 });
    expect((await world.useCases.getDashboard.execute()).guestbook).toEqual({ total: 1, pending: 0 });
  });

  it("show another process's write within the time it may keep them", async () => {
    const world = createWorld();
    expect(await countsOf(world)).toEqual({ pending: 0, approved: 0, rejected: 0 });
    await world.repositories.guestbookEntries.add(aGuestbookEntry()); // as another process would
    world.clock.advance(RECENT_COUNTS_TTL_MS - 1);
    expect((await countsOf(world)).pending).toBe(0);
    world.clock.advance(1);
    expect((await countsOf(world)).pending).toBe(1);
  });
});
