import { ADMIN_NOTES_MAX_LENGTH } from '@memoir/shared';
import { useEffect, useId, useRef, useState } from 'react';

import { bulkSummary, counted, type Noun } from './bulk-summary';
import type { Selection } from './selection';
import type { BulkOutcome } from './use-bulk-decision';

/** Approve and Reject (" selected", for the bulk tools), disabled while a decision is sent. */
export function DecisionButtons(props: {
  readonly deciding: boolean;
  readonly onDecide: (approve: boolean) => void;
  readonly what?: string;
}) {
  return (
    <>
      {[true, false].map((approve) => (
        <button
          key={String(approve)}
          type="button"
          className={approve ? 'button button-small' : 'button button-danger button-small'}
          disabled={props.deciding}
          onClick={() => props.onDecide(approve)}
        >
          {approve ? 'Approve' : 'Reject'}
          {props.what}
        </button>
      ))}
    </>
  );
}

/**
 * The tools of a list's selection: "Select all on this page", how many are selected, one
 * optional note, and Approve or Reject for them all. Every part is a native control, so the
 * whole flow works from the keyboard (Tab, Space, Enter) and reads out to a screen reader.
 */
export function BulkBar(props: {
  readonly selection: Selection;
  /** What a group of these items is called: "entries", "requests". */
  readonly noun: Noun;
  readonly deciding: boolean;
  readonly onDecide: (approve: boolean, notes: string) => void;
}) {
  const { selection, noun, deciding } = props;
  const [notes, setNotes] = useState('');
  const id = useId();
  const count = selection.ids.length;
  const all = selection.available > 0 && count === selection.available;
  const decide = (approve: boolean) => {
    props.onDecide(approve, notes);
    setNotes('');
  };
  return (
    <div role="group" aria-label={`Decide several ${noun.many} at once`} className="bulk">
      <label className="select-all">
        <input
          type="checkbox"
          checked={all}
          ref={(box) => {
            if (box) box.indeterminate = count > 0 && !all;
          }}
          disabled={selection.available === 0}
          onChange={(event) => selection.setAll(event.target.checked)}
        />{' '}
        Select all on this page
      </label>
      <p className="bulk-count" aria-live="polite" data-testid="selected-count">
        {count} selected
      </p>
      {count > 0 ? (
        <>
          <label htmlFor={`${id}-notes`}>Note for the {counted(count, noun)} (optional)</label>
          <textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={ADMIN_NOTES_MAX_LENGTH}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <div className="actions">
            <DecisionButtons deciding={deciding} onDecide={decide} what=" selected" />
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={deciding}
              onClick={() => selection.setAll(false)}
            >
              Clear selection
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * What a bulk decision did: how many were decided and, for each that was not, its name and the
 * server's reason (an alert, so a screen reader says it at once). It stays until dismissed.
 */
export function BulkOutcomeNotice(props: {
  readonly outcome: BulkOutcome;
  readonly noun: Noun;
  readonly onDismiss: () => void;
}) {
  const { headline, failures } = bulkSummary(props.outcome, props.noun);
  const failed = failures.length > 0;
  // The buttons that made the decision are gone with the selection: the keyboard focus comes here.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), [props.outcome]);
  return (
    <div
      ref={notice}
      tabIndex={-1}
      role={failed ? 'alert' : 'status'}
      className={failed ? 'bulk-outcome bulk-outcome-failed' : 'bulk-outcome'}
      data-testid="bulk-outcome"
    >
      <p>
        <strong>{headline}</strong>
      </p>
      {failed ? (
        <ul>
          {failures.map((failure) => (
            <li key={failure.id}>
              <strong>{failure.name}</strong>: {failure.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="button button-ghost button-small" onClick={props.onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** The checkbox of one selectable item: Shift+click (or Shift+Space) extends the selection. */
export function SelectBox(props: { readonly id: string; readonly label: string; readonly selection: Selection }) {
  const { id, selection } = props;
  return (
    <label className="select-item">
      <input
        type="checkbox"
        checked={selection.isSelected(id)}
        onChange={(event) => {
          const native = event.nativeEvent;
          const shift = 'shiftKey' in native && native.shiftKey === true;
          selection.click(id, event.target.checked, shift);
        }}
      />
      <span className="visually-hidden">{props.label}</span>
    </label>
  );
}
