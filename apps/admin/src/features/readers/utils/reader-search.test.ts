import { describe, expect, it } from '@jest/globals';

import { leavingWay, parseReaderSearch, sourceName } from './reader-search';

describe("the Readers screen's URL filters", () => {
  it('keeps a known status and a trimmed search, and drops the rest', () => {
    expect(parseReaderSearch({ status: 'confirmed', q: '  ada ' })).toEqual({ status: 'confirmed', q: 'ada' });
    expect(parseReaderSearch({ status: 'gone', q: '', other: 1 })).toEqual({});
    expect(parseReaderSearch({ q: 2026 })).toEqual({ q: '2026' });
  });

  it('says where a reader came from and how they left in words', () => {
    expect(sourceName('guestbook')).toBe('the guestbook form');
    expect(leavingWay('one-click')).toBe("with their mail program's Unsubscribe button");
    expect(leavingWay(null)).toBe('');
  });
});
