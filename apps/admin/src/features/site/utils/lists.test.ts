import { describe, expect, it } from '@jest/globals';

import { firstUnused, removeAt, replaceAt } from './lists';

describe('changing a list of the content', () => {
  it('replaces and removes an item without touching the list it was given', () => {
    const list = ['a', 'b', 'c'] as const;
    expect(replaceAt(list, 1, 'B')).toEqual(['a', 'B', 'c']);
    expect(removeAt(list, 0)).toEqual(['b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('offers the first choice no item uses yet, and none once all are used', () => {
    expect(firstUnused(['hardcover', 'paperback', 'kindle'], ['hardcover', 'kindle'])).toBe('paperback');
    expect(firstUnused(['x'], ['x'])).toBeNull();
  });
});
