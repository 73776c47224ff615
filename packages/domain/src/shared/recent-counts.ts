import type { Clock } from './clock';

/**
 * How long a process may show counts it read (the screens' pending, approved and rejected, the
 * dashboard's), when another process wrote since. Counting is a walk over an index, linear in
 * the table: at 100,000 rows it costs more than the page it is shown with.
 */
export const RECENT_COUNTS_TTL_MS = 2000;

interface Entry {
  readonly value: Promise<unknown>;
  readonly expiresAt: number;
}

/**
 * Reads kept in memory for a moment, by key. A write in this process calls `invalidate()`, so
 * it shows at once here; a write in another process shows within `ttlMs`. Concurrent misses
 * share one read; a failed read is not kept.
 */
export class RecentReads<Key> {
  private readonly entries = new Map<Key, Entry>();

  constructor(private readonly deps: { readonly clock: Clock; readonly ttlMs: number }) {}

  get<T>(key: Key, read: () => Promise<T>): Promise<T> {
    const now = this.deps.clock.now().getTime();
    const cached = this.entries.get(key);
    if (cached !== undefined && now < cached.expiresAt) return cached.value as Promise<T>;
    const value = read();
    const entry: Entry = { value, expiresAt: now + this.deps.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }
}

/** Counts kept a moment by name (see `RecentReads`); every write forgets them (`forgettingCounts`). */
export class RecentCounts extends RecentReads<string> {}

/** Reads counts through `counts` when there is one, straight from the store otherwise. */
export const countThrough = <T>(counts: RecentCounts | undefined, key: string, read: () => Promise<T>): Promise<T> =>
  counts === undefined ? read() : counts.get(key, read);

type Executes = { execute(...args: never[]): Promise<unknown> };

/**
 * A write use case that forgets the counts after every call (also a failed one: whether a
 * commit that threw went through is unknown, and a spare count is cheap).
 */
export function forgettingCounts<T extends Executes>(
  useCase: T,
  counts: Pick<RecentCounts, 'invalidate'>,
): Pick<T, 'execute'> {
  return {
    execute: (async (...args: Parameters<T['execute']>) => {
      try {
        return await useCase.execute(...args);
      } finally {
        counts.invalidate();
      }
    }) as T['execute'],
  };
}
