import { useState } from 'react';

/**
 * The selection after a click on the checkbox of `id`, which is now `checked`. With Shift, every
 * item from the last one clicked (`anchor`) to this one takes the same state, as in a mail
 * client; without, or when the anchor is no longer listed, only this one changes. `order` is
 * the items as the screen lists them.
 */
export function selectAfterClick(
  selected: ReadonlySet<string>,
  order: readonly string[],
  click: { readonly id: string; readonly checked: boolean; readonly shift: boolean; readonly anchor: string | null },
): Set<string> {
  const next = new Set(selected);
  const to = order.indexOf(click.id);
  const from = click.anchor === null ? -1 : order.indexOf(click.anchor);
  const range =
    click.shift && from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [click.id];
  for (const id of range) {
    if (click.checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** What a list's checkboxes need: which are ticked, a click (with Shift for a range), all or none. */
export interface Selection {
  /** How many items can be selected: those listed. */
  readonly available: number;
  /** The selected ids that are still listed, in the list's order. */
  readonly ids: readonly string[];
  readonly isSelected: (id: string) => boolean;
  readonly click: (id: string, checked: boolean, shift: boolean) => void;
  /** Every listed item, or none ("Select all on this page"). */
  readonly setAll: (checked: boolean) => void;
  /** Keeps these ids selected and drops the rest (after a decision: the items that failed). */
  readonly keepOnly: (ids: readonly string[]) => void;
}

/**
 * The selection of a list whose selectable items are `order`; a new `resetKey` (the filters)
 * starts it empty. Items that leave the list (decided,
 * or filtered out) drop out of `ids` at once; nothing is decided that the owner cannot see.
 */
export function useSelection(order: readonly string[], resetKey: string): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  // Another search or filter: a new list, nothing selected in it yet.
  const [listKey, setListKey] = useState(resetKey);
  if (listKey !== resetKey) {
    setListKey(resetKey);
    setSelected(new Set());
    setAnchor(null);
  }
  return {
    available: order.length,
    ids: order.filter((id) => selected.has(id)),
    isSelected: (id) => selected.has(id),
    click: (id, checked, shift) => {
      setSelected((current) => selectAfterClick(current, order, { id, checked, shift, anchor }));
      setAnchor(id);
    },
    setAll: (checked) => {
      setSelected(checked ? new Set(order) : new Set());
      setAnchor(null);
    },
    keepOnly: (ids) => setSelected(new Set(ids)),
  };
}
