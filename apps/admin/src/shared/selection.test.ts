import { describe, expect, it } from '@jest/globals';

import { selectAfterClick } from './selection';

const ORDER = ['a', 'b', 'c', 'd', 'e'];
const after = (selected: string[], id: string, checked: boolean, shift: boolean, anchor: string | null) =>
  [...selectAfterClick(new Set(selected), ORDER, { id, checked, shift, anchor })].sort();

describe('selectAfterClick', () => {
  it('ticks or unticks one item on a plain click', () => {
    expect(after([], 'b', true, false, null)).toEqual(['b']);
    expect(after(['b', 'c'], 'b', false, false, 'c')).toEqual(['c']);
  });

  it('ticks the range from the last item clicked with Shift, either way round', () => {
    expect(after(['b'], 'd', true, true, 'b')).toEqual(['b', 'c', 'd']);
    expect(after(['d'], 'a', true, true, 'd')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('unticks a range with Shift when the clicked item is unticked', () => {
    expect(after(['a', 'b', 'c', 'd', 'e'], 'b', false, true, 'd')).toEqual(['a', 'e']);
  });

  it('changes only the clicked item when there is no anchor, or it has left the list', () => {
    expect(after([], 'c', true, true, null)).toEqual(['c']);
    expect(after([], 'c', true, true, 'gone')).toEqual(['c']);
  });
});
