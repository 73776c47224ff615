import { describe, expect, it } from '@jest/globals';

import { createInMemoryPersistence, ManualClock } from '../../memory';
import { parseRateLimitPolicy, RateLimiter } from './rate-limiter';

describe('parseRateLimitPolicy', () => {
  it('reads N/window with seconds, minutes, hours or days', () => {
    expect(parseRateLimitPolicy('10/10m')).toEqual({ max: 10, windowMs: 600_000 });
    expect(parseRateLimitPolicy('5/15m')).toEqual({ max: 5, windowMs: 900_000 });
    expect(parseRateLimitPolicy('100/1h')).toEqual({ max: 100, windowMs: 3_600_000 });
    expect(parseRateLimitPolicy('3/s')).toEqual({ max: 3, windowMs: 1000 });
    expect(parseRateLimitPolicy(' 2 / 1d ')).toEqual({ max: 2, windowMs: 86_400_000 });
  });

  it('refuses anything else', () => {
    for (const text of ['', '10', '0/1m', '-1/1m', '10/0m', '10/10x', 'ten/10m', '10/10m/1']) {
      expect(parseRateLimitPolicy(text)).toBeNull();
    }
  });
});

describe('RateLimiter', () => {
  const policy = { max: 3, windowMs: 60_000 };
  const setUp = () => {
    const clock = new ManualClock();
    return { clock, limiter: new RateLimiter(createInMemoryPersistence().rateLimits, clock) };
  };

  it('allows max submissions per window, refuses the next with the time to wait, and allows again later', async () => {
    const { clock, limiter } = setUp();
    for (let i = 0; i < policy.max; i += 1)
      expect(await limiter.consume('form:1.2.3.4', policy)).toEqual({ allowed: true });
    clock.advance(20_000);
    expect(await limiter.consume('form:1.2.3.4', policy)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await limiter.consume('form:5.6.7.8', policy)).toEqual({ allowed: true });
    clock.advance(40_000);
    expect(await limiter.consume('form:1.2.3.4', policy)).toEqual({ allowed: true });
  });

  it('checks without counting, and refuses once max failures are recorded', async () => {
    const { limiter } = setUp();
    for (let i = 0; i < 10; i += 1) expect(await limiter.check('k', policy)).toEqual({ allowed: true });
    for (let i = 0; i < policy.max; i += 1) await limiter.record('k', policy);
    expect(await limiter.check('k', policy)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    await limiter.reset('k');
    expect(await limiter.check('k', policy)).toEqual({ allowed: true });
  });
});
