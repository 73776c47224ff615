import { describe, expect, it } from '@jest/globals';

import { choiceParam, dayParam, definedOnly, startOfDay, textParam } from './list-search';

describe('the URL parameters of the list screens', () => {
  it('keep a search trimmed and cut, and drop an empty one', () => {
    expect(textParam('  old timer ')).toBe('old timer');
    expect(textParam(2026)).toBe('2026'); // the router reads ?q=2026 as a number
    expect(textParam('   ')).toBeUndefined();
    expect(textParam(['a'])).toBeUndefined();
    expect(textParam('x'.repeat(300))).toHaveLength(200);
    expect(textParam('abcdef', 3)).toBe('abc');
  });

  it('keep only the choices a screen knows', () => {
    expect(choiceParam(['pending', 'approved'] as const, 'approved')).toBe('approved');
    expect(choiceParam(['pending', 'approved'] as const, 'APPROVED')).toBeUndefined();
    expect(choiceParam(['pending'] as const, undefined)).toBeUndefined();
  });

  it('keep only real calendar days', () => {
    expect(dayParam('2026-11-21')).toBe('2026-11-21');
    expect(dayParam('2026-02-30')).toBeUndefined();
    expect(dayParam('2026-11-21T10:00:00Z')).toBeUndefined();
    expect(dayParam(20261121)).toBeUndefined();
  });

  it('turn a day into the instant it starts in the browser, or the next day starts', () => {
    expect(startOfDay('2026-11-21')).toBe(new Date(2026, 10, 21).toISOString());
    expect(startOfDay('2026-11-30', 1)).toBe(new Date(2026, 11, 1).toISOString());
  });

  it('leave absent values out of the URL and the query key', () => {
    expect(definedOnly({ class: undefined, q: 'x' })).toEqual({ q: 'x' });
  });
});
