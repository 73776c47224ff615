/** A fixed window of counted hits for one key. */
export interface RateLimitWindow {
  readonly count: number;
  /** When this window ends and counting starts again from zero. */
  readonly resetAt: Date;
}

/**
 * Port: hit counters shared by every server process (brute-force limits on sign-in, rate
 * limits on the public forms). Fixed windows: the first hit opens a window of `windowMs`.
 */
export interface RateLimitStore {
  /**
   * Counts one hit for `key`, atomically. Opens a new window (count 1, resetAt = now +
   * windowMs) when there is none or the current one has ended at or before `now`.
   */
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow>;

  /** The window in force at `now`, or null when there is none or it has ended. */
  peek(key: string, now: Date): Promise<RateLimitWindow | null>;

  /**
   * Takes one hit back from the key's window in force at `now`, atomically, never below zero
   * (a sign-in reserves its attempt before checking the password, and a right one gives it
   * back). Nothing happens when there is no window in force.
   */
  giveBack(key: string, now: Date): Promise<void>;

  /** Forgets the key's window. */
  reset(key: string): Promise<void>;

  /**
   * Retention: deletes the windows that ended at or before `now` (their keys name client
   * addresses), or with `dryRun` only counts them. Returns how many.
   */
  deleteEnded(now: Date, dryRun: boolean): Promise<number>;
}
