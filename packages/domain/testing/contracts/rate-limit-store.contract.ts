import { describe, expect, it } from '@jest/globals';

import type { Persistence } from '../../src/persistence';
import { AT } from '../builders';

export function rateLimitStoreContract(store: () => Persistence, concurrency: number): void {
  describe('RateLimitStore', () => {
    const limits = () => store().rateLimits;
    const minute = 60_000;
    const start = AT('2026-01-10T10:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);

    it('counts hits within one window, which starts at the first hit', async () => {
      expect(await limits().hit('k', minute, start)).toEqual({ count: 1, resetAt: at(minute) });
      expect(await limits().hit('k', minute, at(10_000))).toEqual({ count: 2, resetAt: at(minute) });
      expect(await limits().peek('k', at(59_999))).toEqual({ count: 2, resetAt: at(minute) });
    });

    it('opens a new window once the old one has ended', async () => {
      await limits().hit('k', minute, start);
      await limits().hit('k', minute, start);
      expect(await limits().peek('k', at(minute))).toBeNull();
      expect(await limits().hit('k', minute, at(minute))).toEqual({ count: 1, resetAt: at(2 * minute) });
    });

    it('keeps keys apart, and forgets a key on reset', async () => {
      await limits().hit('login:user:owner', minute, start);
      await limits().hit('login:ip:203.0.113.7', minute, start);
      await limits().reset('login:user:owner');
      expect(await limits().peek('login:user:owner', start)).toBeNull();
      expect(await limits().peek('login:ip:203.0.113.7', start)).toEqual({ count: 1, resetAt: at(minute) });
    });

    it('gives a hit back within the window, never below zero, and not once the window has ended', async () => {
      await limits().hit('k', minute, start);
      await limits().hit('k', minute, start);
      await limits().giveBack('k', at(1000));
      expect(await limits().peek('k', at(1000))).toEqual({ count: 1, resetAt: at(minute) });
      await limits().giveBack('k', at(1000));
      await limits().giveBack('k', at(1000));
      expect(await limits().peek('k', at(1000))).toEqual({ count: 0, resetAt: at(minute) });
      await limits().giveBack('never', start);
      expect(await limits().peek('never', start)).toBeNull();
      await limits().hit('ended', minute, start);
      await limits().giveBack('ended', at(minute));
      expect(await limits().hit('ended', minute, at(minute))).toEqual({ count: 1, resetAt: at(2 * minute) });
    });

    it(`keeps exactly max of ${concurrency} concurrent reservations that give back what goes over`, async () => {
      const max = 5;
      const kept = await Promise.all(
        Array.from({ length: concurrency }, async () => {
          const window = await limits().hit('reserved', minute, start);
          if (window.count <= max) return true;
          await limits().giveBack('reserved', start);
          return false;
        }),
      );
      expect(kept.filter(Boolean)).toHaveLength(max);
      expect(await limits().peek('reserved', start)).toEqual({ count: max, resetAt: at(minute) });
    });

    it('answers null for a key never hit', async () => {
      expect(await limits().peek('never', start)).toBeNull();
    });

    it(`counts ${concurrency} concurrent hits exactly`, async () => {
      await Promise.all(Array.from({ length: concurrency }, () => limits().hit('busy', minute, start)));
      expect(await limits().peek('busy', start)).toEqual({ count: concurrency, resetAt: at(minute) });
    });
  });
}
