import { HttpError, serverMessage } from '@memoir/web-ui';

import type { ScreenTexts } from './screen';

/** Not in the spec, which shows nothing when a load fails; the owner must tell "failed" from "empty". */
export const LOAD_ERROR_TEXTS = {
  noAnswer: 'The server did not answer. Check the connection and try again.',
  stale: 'What is shown may be out of date.',
  retry: 'Retry',
} as const;

/** Why the data is missing: the server's message, its status, or no answer at all. */
export function loadFailureReason(error: unknown): string {
  if (error instanceof HttpError) return serverMessage(error) ?? error.message;
  return LOAD_ERROR_TEXTS.noAnswer;
}

/**
 * A load or refresh that failed: what failed, why, and a Retry button. An alert, so a screen
 * reader says it at once; never mistaken for an empty list.
 */
export function LoadError(props: {
  readonly title: string;
  readonly error: unknown;
  readonly onRetry: () => void;
  readonly retrying?: boolean;
  /** Data is still on screen from before the failure: say it may be out of date. */
  readonly stale?: boolean;
}) {
  return (
    <div role="alert" className={props.stale ? 'load-error load-error-stale' : 'load-error'}>
      <p>
        <strong>{props.title}</strong> {loadFailureReason(props.error)}
        {props.stale ? <em className="stale"> {LOAD_ERROR_TEXTS.stale}</em> : null}
      </p>
      <button type="button" className="button button-small" disabled={props.retrying} onClick={props.onRetry}>
        {LOAD_ERROR_TEXTS.retry}
      </button>
    </div>
  );
}

/**
 * A list that has not come yet: the screen's loading text, or why it failed with Retry (after
 * a change of filters, too, while the last list is kept as a placeholder).
 */
export function ListPending(props: {
  readonly screen: ScreenTexts;
  readonly query: {
    readonly isError: boolean;
    readonly isFetching: boolean;
    readonly error: unknown;
    refetch(): Promise<unknown>;
  };
}) {
  const { screen, query } = props;
  return query.isError ? (
    <LoadError
      title={screen.loadFailed}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  ) : (
    <p aria-busy="true">{screen.loading}</p>
  );
}

/** The query state a refresh notice needs; both plain and paged queries have it. */
export interface RefreshableQuery {
  readonly isRefetchError: boolean;
  readonly isFetching: boolean;
  readonly error: unknown;
  refetch(): Promise<unknown>;
}

/**
 * A refresh (polling, or after a decision) that failed: the last data stays, with this above it
 * saying it may be out of date. Never mistaken for an empty list, nor for a first load.
 */
export function RefreshError({ query, title }: { readonly query: RefreshableQuery; readonly title: string }) {
  if (!query.isRefetchError) return null;
  return (
    <LoadError
      title={title}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      stale
    />
  );
}

/** The paging state of a list read with useInfiniteQuery. */
interface PagedQuery {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly isFetchNextPageError: boolean;
  readonly error: unknown;
  fetchNextPage(): Promise<unknown>;
}

/**
 * "Load more" under a list while the server has more (its `nextCursor`): a failure to load
 * the next page shows here, with Retry, and leaves the items already shown as they are.
 */
export function LoadMore({ query, what }: { readonly query: PagedQuery; readonly what: string }) {
  // The button stays enabled while loading (a disabled button would drop the keyboard focus);
  // a second press then does nothing.
  const more = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  if (query.isFetchNextPageError) {
    return (
      <LoadError
        title={`Could not load more ${what}.`}
        error={query.error}
        onRetry={more}
        retrying={query.isFetchingNextPage}
      />
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <p className="load-more">
      <button
        type="button"
        className="button button-ghost"
        aria-disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage}
        onClick={more}
      >
        {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
      </button>
    </p>
  );
}
