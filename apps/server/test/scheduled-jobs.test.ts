import { describe, expect, it } from '@jest/globals';
import { InMemoryDatabase, InMemoryRateLimitStore, ManualClock } from '@memoir/domain/memory';
import pino from 'pino';

import { runMaintenance } from '../src/scheduled-jobs';

describe('hourly maintenance', () => {
  it('runs the retention job once a day however many processes look, and again the next day', async () => {
    const rateLimits = new InMemoryRateLimitStore(new InMemoryDatabase()); // the store every process shares
    const clock = new ManualClock(new Date('2026-11-25T01:00:00Z'));
    let runs = 0;
    const process = () =>
      runMaintenance({
        useCases: {
          applyRetention: {
            execute: async () => {
              runs += 1;
              return { dryRun: false, cutoffs: {} as never, counts: {} as never };
            },
          },
        },
        rateLimits,
        clock,
        logger: pino({ enabled: false }),
      });

    expect(await Promise.all([process(), process(), process()])).toEqual(expect.arrayContaining([true, false, false]));
    clock.advance(22 * 60 * 60 * 1000); // 23:00 the same day
    expect(await process()).toBe(false);
    clock.advance(2 * 60 * 60 * 1000); // 01:00 the next day
    expect(await process()).toBe(true);
    expect(runs).toBe(2);
  });

  it('deletes ended rate-limit windows on every tick', async () => {
    const rateLimits = new InMemoryRateLimitStore(new InMemoryDatabase());
    const clock = new ManualClock(new Date('2026-11-25T01:00:00Z'));
    await rateLimits.hit('form:guestbook:203.0.113.7', 60_000, clock.now());
    clock.advance(61_000);
    await runMaintenance({
      useCases: {
        applyRetention: { execute: async () => ({ dryRun: false, cutoffs: {} as never, counts: {} as never }) },
      },
      rateLimits,
      clock,
      logger: pino({ enabled: false }),
    });
    expect(await rateLimits.deleteEnded(clock.now(), true)).toBe(0);
  });
});
