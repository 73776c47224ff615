import { When } from '../../../shared/when';
import type { SiteContentData, SitePreview } from '../api/site-content-types';
import type { DraftState } from '../utils/draft-saver';
import { saveStatusText } from '../utils/save-status';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Above the editor, and kept in view while scrolling: whether the draft is saved, what is on
 * the page, Preview and Publish, and the last preview's link.
 */
export function PublishBar(props: {
  readonly state: DraftState;
  /** Messages of the last save that no field shows. */
  readonly otherErrors: readonly string[];
  readonly published: SiteContentData['published'];
  readonly preview: SitePreview | null;
  /** The action under way, if any: the buttons wait for it. */
  readonly busy: string | null;
  readonly onPreview: () => void;
  readonly onPublish: () => void;
}) {
  const blocked = props.busy !== null || props.state.status === 'conflict';
  return (
    <div className="site-bar">
      <p
        role="status"
        className={props.state.status === 'invalid' || props.state.status === 'failed' ? 'hint-error' : ''}
      >
        <span data-testid="save-status">{saveStatusText(props.state)}</span>
        {props.otherErrors.map((message) => (
          <span key={message}> {message}</span>
        ))}
      </p>
      <p className="meta" data-testid="published-version">
        On the page: version {props.published.version}, published <When iso={props.published.publishedAt} />
        {props.published.publishedBy === null ? null : (
          <>
            {' '}
            by <bdi>{props.published.publishedBy}</bdi>
          </>
        )}
      </p>
      <div className="actions">
        <button type="button" className="button button-ghost" disabled={blocked} onClick={props.onPreview}>
          {props.busy === 'preview' ? 'Preparing the preview…' : 'Preview'}
        </button>
        <button type="button" className="button" disabled={blocked} onClick={props.onPublish}>
          {props.busy === 'publish' ? 'Publishing…' : 'Publish'}
        </button>
        <a href="#versions" className="button button-ghost button-small">
          Published versions
        </a>
      </div>
      {props.preview === null ? null : (
        <p className="hint" data-testid="preview-link">
          Preview of the saved draft:{' '}
          <a href={props.preview.url} target="_blank" rel="noopener noreferrer">
            open the preview
          </a>{' '}
          (the link works until {timeOf(props.preview.expiresAt)}; anyone with it can see the draft).
        </p>
      )}
    </div>
  );
}
