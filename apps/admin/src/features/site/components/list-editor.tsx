import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { fieldId } from '../utils/field-paths';
import { removeAt } from '../utils/lists';
import { GroupError } from './content-field';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The items of a list of the content (paragraphs, buy links, posts), each a group named by its
 * legend, with Remove on each and an Add button under them while the counts allow. A list of a
 * fixed count (the three themes) has neither. Keyboard: after Add, focus is in the new item's
 * first field; after Remove, on the Add button.
 */
export function ListEditor<T>(props: {
  readonly path: string;
  readonly items: readonly T[];
  readonly min: number;
  readonly max: number;
  /** The item's name: its group's legend and the end of its Remove button's name ("Paragraph 2"). */
  readonly itemName: (item: T, index: number) => string;
  /** The path of the item's first field, where focus goes when it is added. */
  readonly firstField: (index: number) => string;
  readonly renderItem: (item: T, index: number) => ReactNode;
  readonly onChange: (items: readonly T[]) => void;
  /** A new item, or null when there is nothing left to add (every format has a link). */
  readonly newItem?: () => T | null;
  readonly addText?: string;
}) {
  const addId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    (focusNext === addId ? addButton.current : document.getElementById(focusNext))?.focus();
    setFocusNext(null);
  }, [focusNext, addId]);

  const fixed = props.min === props.max;
  const next = props.newItem?.() ?? null;
  return (
    <>
      <GroupError path={props.path} />
      <ol className="site-items">
        {props.items.map((item, index) => (
          <li key={index}>
            <fieldset className="site-item">
              <legend>{props.itemName(item, index)}</legend>
              <GroupError path={`${props.path}[${index}]`} />
              {props.renderItem(item, index)}
              {fixed ? null : (
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Remove ${lowerFirst(props.itemName(item, index))}`}
                  disabled={props.items.length <= props.min}
                  onClick={() => {
                    props.onChange(removeAt(props.items, index));
                    setFocusNext(addId);
                  }}
                >
                  Remove
                </button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {fixed || props.addText === undefined ? null : (
        <button
          ref={addButton}
          type="button"
          className="button button-ghost button-small"
          disabled={props.items.length >= props.max || next === null}
          onClick={() => {
            if (next === null) return;
            props.onChange([...props.items, next]);
            setFocusNext(fieldId(props.firstField(props.items.length)));
          }}
        >
          {props.addText}
        </button>
      )}
    </>
  );
}
