import { describe, expect, it } from '@jest/globals';

import { humanAge } from './human-age';

describe('humanAge', () => {
  it('speaks in minutes, hours, then days and hours', () => {
    expect(humanAge(59_999)).toBe('0 min');
    expect(humanAge(59 * 60_000)).toBe('59 min');
    expect(humanAge(5 * 3_600_000)).toBe('5 h');
    expect(humanAge(48 * 3_600_000)).toBe('2 d');
    expect(humanAge(52 * 3_600_000 + 59 * 60_000)).toBe('2 d 4 h');
  });
});
