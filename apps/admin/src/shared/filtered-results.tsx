import type { ReactNode } from 'react';

/** Under an empty list that a filter emptied: say so, and offer to clear the filters. */
export function NothingMatches(props: { readonly what: string; readonly onClear: () => void }) {
  return (
    <p>
      Nothing matches {props.what}.{' '}
      <button type="button" className="button button-ghost button-small" onClick={props.onClear}>
        Clear filters
      </button>
    </p>
  );
}

/**
 * A list screen while a search or filter is on: one section of the matches, how many are shown
 * (of how many, when the count is known exactly), or the screen's empty text and a way back.
 */
export function FilteredResults(props: {
  readonly title: string;
  readonly emptyText: string;
  readonly shown: number;
  /** The exact number of matches, when a count says it (a class or status alone); else null. */
  readonly total: number | null;
  readonly onClear: () => void;
  /** The bulk tools, the items and Load more. */
  readonly children: ReactNode;
}) {
  return (
    <section aria-label={props.title} className="list-section">
      <h2>{props.title}</h2>
      {props.shown === 0 ? (
        <>
          <p className="empty">{props.emptyText}</p>
          <NothingMatches what="this search and filter" onClear={props.onClear} />
        </>
      ) : (
        <p className="meta" data-testid="shown-count">
          Showing {props.shown}
          {props.total === null ? '' : ` of ${props.total}`}
        </p>
      )}
      {props.children}
    </section>
  );
}
