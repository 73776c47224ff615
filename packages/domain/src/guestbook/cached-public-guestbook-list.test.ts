import { beforeEach, describe, expect, it } from '@jest/globals';

import type { Actor } from '../shared/request-context';
import { createWorld, GUESTBOOK_ANSWER, valueOf, type World } from '../../test/world';
import {
  CachedPublicGuestbookList,
  invalidatingPublicList,
  type PublicGuestbookList,
} from './cached-public-guestbook-list';
import type { PublicGuestbookEntry } from './guestbook-entry';

describe('CachedPublicGuestbookList', () => {
  let world: World;
  let reads: number[];
  let cache: CachedPublicGuestbookList;
  let owner: Actor;

  beforeEach(async () => {
    world = createWorld();
    owner = await world.signedInOwner();
    reads = [];
    const inner: PublicGuestbookList = {
      execute: (input) => {
        reads.push(input?.limit ?? -1);
        return world.useCases.listPublicGuestbookEntries.execute(input);
      },
    };
    cache = new CachedPublicGuestbookList({ inner, clock: world.clock, ttlMs: 5000 });
  });

  async function signAndApprove(name: string): Promise<string> {
    const entry = valueOf(
      await world.useCases.signGuestbook.execute({ name, message: 'Hi', riddleAnswer: GUESTBOOK_ANSWER }),
    );
    world.clock.advance(1000);
    const moderation = invalidatingPublicList(world.useCases.moderateGuestbookEntry, cache);
    valueOf(await moderation.execute({ id: entry.id, isApproved: true }, owner));
    return entry.id;
  }

  const names = (entries: readonly PublicGuestbookEntry[]) => entries.map((entry) => entry.name);

  it('reads once per clamped limit, and shares one read between concurrent callers', async () => {
    const [a, b] = await Promise.all([cache.execute({ limit: 5 }), cache.execute({ limit: 99 })]);
    expect(a).toBe(b);
    await cache.execute();
    await cache.execute({ limit: 2 });
    await cache.execute({ limit: 2.5 });
    expect(reads).toEqual([5, 2]);
  });

  it('shows a decision made through the invalidating moderation at once', async () => {
    expect(await cache.execute()).toEqual([]);
    await signAndApprove('Ada');
    expect(names(await cache.execute())).toEqual(['Ada']);
    await signAndApprove('Grace');
    expect(names(await cache.execute())).toEqual(['Grace', 'Ada']);
  });

  it('serves a change made elsewhere (another process) only after the TTL', async () => {
    expect(await cache.execute()).toEqual([]);
    const entry = valueOf(
      await world.useCases.signGuestbook.execute({ name: 'Ada', message: 'Hi', riddleAnswer: GUESTBOOK_ANSWER }),
    );
    valueOf(await world.useCases.moderateGuestbookEntry.execute({ id: entry.id, isApproved: true }, owner));
    world.clock.advance(4999);
    expect(await cache.execute()).toEqual([]);
    world.clock.advance(1);
    expect(names(await cache.execute())).toEqual(['Ada']);
  });

  it('keeps no failed read, and freezes what it shares', async () => {
    let fail = true;
    const flaky = new CachedPublicGuestbookList({
      inner: {
        execute: async () => {
          if (fail) throw new Error('database unavailable');
          return [{ id: 'x', name: 'Ada', location: null, message: 'Hi', createdAt: world.clock.now() }];
        },
      },
      clock: world.clock,
      ttlMs: 5000,
    });
    await expect(flaky.execute()).rejects.toThrow('database unavailable');
    fail = false;
    const list = await flaky.execute();
    expect(names(list)).toEqual(['Ada']);
    expect(Object.isFrozen(list)).toBe(true);
    expect(Object.isFrozen(list[0])).toBe(true);
  });

  it('forgets the lists even when the decision fails', async () => {
    await cache.execute();
    const failing = invalidatingPublicList({ execute: () => Promise.reject(new Error('commit failed')) }, cache);
    await expect(failing.execute({ id: 'x', isApproved: true }, owner)).rejects.toThrow();
    await cache.execute();
    expect(reads).toEqual([5, 5]);
  });
});
