import { HttpError, serverMessage } from '@memoir/web-ui';

/** Not in the spec, which shows nothing when a load fails; the owner must tell "failed" from "empty". */
export const LOAD_ERROR_TEXTS = {
  noAnswer: 'The server did not answer. Check the connection and try again.',
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
}) {
  return (
    <div role="alert" className="load-error">
      <p>
        <strong>{props.title}</strong> {loadFailureReason(props.error)}
      </p>
      <button type="button" className="button button-small" disabled={props.retrying} onClick={props.onRetry}>
        {LOAD_ERROR_TEXTS.retry}
      </button>
    </div>
  );
}

/** The query state a refresh notice needs; both plain and paged queries have it. */
interface RefreshableQuery {
  readonly isRefetchError: boolean;
  readonly isFetching: boolean;
  readonly error: unknown;
  refetch(): Promise<unknown>;
}

/** A refresh (polling, or after a decision) that failed: the last data stays, with this above it. */
export function RefreshError({ query, title }: { readonly query: RefreshableQuery; readonly title: string }) {
  if (!query.isRefetchError) return null;
  return (
    <LoadError title={title} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  );
}
