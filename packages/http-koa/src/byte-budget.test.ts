import { describe, expect, it } from '@jest/globals';

import { ByteBudget } from './byte-budget';

describe('ByteBudget', () => {
  it('lets a burst go at once, then makes takers wait so that together they keep to the rate', () => {
    let now = 0;
    const budget = new ByteBudget(1000, 500, () => now); // 1,000 bytes a second, 500 at once

    expect(budget.take(300)).toBe(0);
    expect(budget.take(200)).toBe(0); // the burst is spent
    expect(budget.take(100)).toBe(100); // 100 bytes in debt: 0.1 s
    expect(budget.take(100)).toBe(200); // the next waits behind it
    now = 200; // the debt is paid
    expect(budget.take(50)).toBe(50);
  });

  it('fills up again while idle, never beyond the burst', () => {
    let now = 0;
    const budget = new ByteBudget(1000, 500, () => now);
    expect(budget.take(500)).toBe(0);
    now = 10_000; // ten idle seconds would be 10,000 bytes
    expect(budget.take(500)).toBe(0);
    expect(budget.take(1)).toBe(1);
  });
});
