import type { Clock } from '../shared/clock';
import type { RateLimitStore, RateLimitWindow } from './rate-limit-store';

/** At most `max` hits per `windowMs`. */
export interface RateLimitPolicy {
  readonly max: number;
  readonly windowMs: number;
}

export type RateLimitVerdict =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

const UNITS_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses the `N/window` notation of the configuration (`10/10m`, `5/15m`, `100/1h`, `3/30s`).
 * Returns null when the text is not of that form, so the caller can name the bad setting.
 */
export function parseRateLimitPolicy(text: string): RateLimitPolicy | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)?\s*([smhd])\s*$/.exec(text);
  if (!match) return null;
  const max = Number(match[1]);
  const amount = match[2] === undefined ? 1 : Number(match[2]);
  const unit = UNITS_MS[match[3] ?? ''];
  if (!Number.isSafeInteger(max) || max < 1 || amount < 1 || unit === undefined) return null;
  return { max, windowMs: amount * unit };
}

/** Answers "may this key act now?" over a shared store. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  /** Counts an attempt and refuses it when it goes over the limit (the form-submission rule). */
  async consume(key: string, policy: RateLimitPolicy): Promise<RateLimitVerdict> {
    const now = this.clock.now();
    const window = await this.store.hit(key, policy.windowMs, now);
    return window.count > policy.max ? this.refusal(window, now) : { allowed: true };
  }

  /**
   * Counts an attempt before it is made and refuses it when it goes over the limit, with the
   * count it got. The count is one atomic step in the shared store, so of concurrent attempts
   * (in one process or several) at most `max` are allowed; a caller that does not go on gives
   * its reservation back with `giveBack`.
   */
  async reserve(key: string, policy: RateLimitPolicy): Promise<{ verdict: RateLimitVerdict; count: number }> {
    const now = this.clock.now();
    const window = await this.store.hit(key, policy.windowMs, now);
    return { verdict: window.count > policy.max ? this.refusal(window, now) : { allowed: true }, count: window.count };
  }

  /** Takes back one reserved attempt that was refused or turned out not to count. */
  async giveBack(key: string): Promise<void> {
    await this.store.giveBack(key, this.clock.now());
  }

  /** Refuses when `max` attempts are already counted, without counting this one. */
  async check(key: string, policy: RateLimitPolicy): Promise<RateLimitVerdict> {
    const now = this.clock.now();
    const window = await this.store.peek(key, now);
    return window !== null && window.count >= policy.max ? this.refusal(window, now) : { allowed: true };
  }

  /** Counts a failed attempt; returns the window with it. */
  async record(key: string, policy: RateLimitPolicy): Promise<RateLimitWindow> {
    return this.store.hit(key, policy.windowMs, this.clock.now());
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(key);
  }

  private refusal(window: RateLimitWindow, now: Date): RateLimitVerdict {
    const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000));
    return { allowed: false, retryAfterSeconds };
  }
}
