import { CHANGED_ELSEWHERE } from '../utils/save-status';

/**
 * A save or a publish was refused (409): someone saved the draft since this screen loaded it.
 * Nothing is overwritten until the owner picks a side; each choice asks first, as each loses
 * the other side's edits.
 */
export function ConflictNotice(props: {
  readonly busy: boolean;
  readonly onLoadLatest: () => void;
  readonly onKeepMine: () => void;
}) {
  return (
    <div className="site-conflict" role="alert" data-testid="site-conflict">
      <p>
        <strong>{CHANGED_ELSEWHERE}</strong> Your edits on this screen are not saved, and nothing was overwritten.
        Choose the draft to keep:
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={props.busy}
          onClick={() => {
            if (window.confirm('Load the latest draft? Your unsaved edits on this screen are replaced by it.')) {
              props.onLoadLatest();
            }
          }}
        >
          Load the latest draft
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={props.busy}
          onClick={() => {
            if (window.confirm('Save your edits over the latest draft? The changes saved elsewhere are lost.')) {
              props.onKeepMine();
            }
          }}
        >
          Keep my edits
        </button>
      </div>
    </div>
  );
}
