import type { Clock } from '../shared/clock';
import { RecentReads } from '../shared/recent-counts';
import type { PublicGuestbookEntry } from './guestbook-entry';
import { clampPublicLimit } from './list-public-guestbook-entries.use-case';
import type { ModerateGuestbookEntryUseCase } from './moderate-guestbook-entry.use-case';

/** What serves the Recent Visitors list: the use case itself, or a cache in front of it. */
export interface PublicGuestbookList {
  execute(input?: { readonly limit?: number | null }): Promise<readonly PublicGuestbookEntry[]>;
}

/** What decides on an entry: the use case itself, or a decorator around it. */
export type GuestbookModeration = Pick<ModerateGuestbookEntryUseCase, 'execute'>;

/** How long a process may serve a list it read, when another process approved or rejected since. */
export const PUBLIC_LIST_CACHE_TTL_MS = 5000;

/**
 * The public list, kept in memory per clamped limit (1..5, so at most five lists) as
 * `RecentReads` keeps them: a decision in this process calls `invalidate()` (see
 * `invalidatingPublicList`), so it shows at once here; one in another process shows here
 * within `ttlMs`. Callers share the lists: they are frozen.
 */
export class CachedPublicGuestbookList implements PublicGuestbookList {
  private readonly lists: RecentReads<number>;

  constructor(
    private readonly deps: { readonly inner: PublicGuestbookList; readonly clock: Clock; readonly ttlMs: number },
  ) {
    this.lists = new RecentReads(deps);
  }

  execute(input: { readonly limit?: number | null } = {}): Promise<readonly PublicGuestbookEntry[]> {
    const limit = clampPublicLimit(input.limit);
    return this.lists.get(limit, () =>
      this.deps.inner
        .execute({ limit })
        .then((entries) => Object.freeze(entries.map((entry) => Object.freeze({ ...entry })))),
    );
  }

  /** Forgets every list: the next call of each limit reads the store again. */
  invalidate(): void {
    this.lists.invalidate();
  }
}

/**
 * Moderation that forgets the cached public lists after every decision (also a failed one:
 * whether a commit that threw went through is unknown, and a spare read is cheap).
 */
export function invalidatingPublicList(
  moderation: GuestbookModeration,
  cache: Pick<CachedPublicGuestbookList, 'invalidate'>,
): GuestbookModeration {
  return {
    execute: async (...args) => {
      try {
        return await moderation.execute(...args);
      } finally {
        cache.invalidate();
      }
    },
  };
}
