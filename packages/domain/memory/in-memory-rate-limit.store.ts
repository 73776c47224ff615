import type { RateLimitStore, RateLimitWindow } from '../src/rate-limiting/rate-limit-store';
import { copy, type InMemoryDatabase } from './in-memory-database';

export class InMemoryRateLimitStore implements RateLimitStore {
  constructor(private readonly db: InMemoryDatabase) {}

  async hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow> {
    const current = this.db.rateLimits.get(key);
    const next: RateLimitWindow =
      current === undefined || current.resetAt.getTime() <= now.getTime()
        ? { count: 1, resetAt: new Date(now.getTime() + windowMs) }
        : { count: current.count + 1, resetAt: current.resetAt };
    this.db.rateLimits.set(key, next);
    return copy(next);
  }

  async peek(key: string, now: Date): Promise<RateLimitWindow | null> {
    const current = this.db.rateLimits.get(key);
    return current === undefined || current.resetAt.getTime() <= now.getTime() ? null : copy(current);
  }

  async giveBack(key: string, now: Date): Promise<void> {
    const current = this.db.rateLimits.get(key);
    if (current === undefined || current.resetAt.getTime() <= now.getTime() || current.count === 0) return;
    this.db.rateLimits.set(key, { count: current.count - 1, resetAt: current.resetAt });
  }

  async reset(key: string): Promise<void> {
    this.db.rateLimits.delete(key);
  }

  async deleteEnded(now: Date, dryRun: boolean): Promise<number> {
    const ended = [...this.db.rateLimits].filter(([, window]) => window.resetAt.getTime() <= now.getTime());
    if (!dryRun) for (const [key] of ended) this.db.rateLimits.delete(key);
    return ended.length;
  }
}
