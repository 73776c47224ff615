import type { BulkResults } from '@memoir/shared';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

import { choiceParam, definedOnly, textParam } from './list-search';

/*
 * What the two review queues (guestbook entries, scholarship requests) share below the screen:
 * their filters in the URL, the query of each page, the paged list and the decisions. Each
 * queue names its status filter as its API does: `class` for the guestbook, `status` for
 * the scholarships.
 */

/** Where an item of a queue stands: waiting, or decided either way. */
export const QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** A queue's filters, kept in the URL: `/admin/guestbook?class=approved&q=berlin`. */
export type QueueSearch<F extends string> = { readonly [P in F]?: QueueStatus } & { readonly q?: string };

/** A page's query as the queue's list call takes it. */
export type QueueQuery<F extends string> = { readonly [P in F]?: string } & {
  readonly q?: string;
  readonly before?: string;
};

export interface QueueSearchRules<F extends string> {
  /** The URL parameter (and API query field) of the status filter. */
  readonly filter: F;
  /** The route's `validateSearch`: what the screen knows of the URL's parameters; the rest is dropped. */
  parse(search: Record<string, unknown>): QueueSearch<F>;
  /** Without a filter or a search the screen shows the spec's three sections; with one, one list. */
  isFiltered(search: QueueSearch<F>): boolean;
  /**
   * A page of the list. Unfiltered, the first page is the server's default view (a page of
   * pending items, the 10 newest approved and the 5 newest rejected) and the next pages go on
   * through the pending ones; filtered, every page is of the matching items.
   */
  pageQuery(search: QueueSearch<F>, before: string | null): QueueQuery<F>;
  /** The CSV export of what the filters select (every matching item, not only the pages shown). */
  csvQuery(search: QueueSearch<F>): QueueQuery<F>;
}

/** The rules of a queue whose status filter is the parameter `filter`. */
export function queueSearch<F extends string>(filter: F): QueueSearchRules<F> {
  const statusOf = (search: QueueSearch<F>): QueueStatus | undefined =>
    (search as Partial<Record<string, QueueStatus>>)[filter];
  const query = (status: string | undefined, q: string | undefined, before: string | null) =>
    definedOnly({ [filter]: status, q, before: before ?? undefined }) as QueueQuery<F>;
  const isFiltered = (search: QueueSearch<F>) => statusOf(search) !== undefined || search.q !== undefined;
  return {
    filter,
    parse: (search) =>
      definedOnly({ [filter]: choiceParam(QUEUE_STATUSES, search[filter]), q: textParam(search.q) }) as QueueSearch<F>,
    isFiltered,
    pageQuery: (search, before) => {
      if (isFiltered(search)) return query(statusOf(search), search.q, before);
      return before === null ? query(undefined, undefined, null) : query('pending', undefined, before);
    },
    csvQuery: (search) => query(statusOf(search), search.q, null),
  };
}

/** The status filter of a queue's search, whatever the queue calls it. */
export const searchedStatus = <F extends string>(rules: QueueSearchRules<F>, search: QueueSearch<F>) =>
  (search as Partial<Record<string, QueueStatus>>)[rules.filter];

/** A page of a list read newest first: `nextCursor` (null on the last page) is the next page's `before`. */
export interface Paged {
  readonly nextCursor: string | null;
}

/** A list read a page at a time (a queue, the audit log): `fetchPage` reads the page before a cursor. */
export const pagedQueryOptions = <TPage extends Paged>(
  queryKey: QueryKey,
  fetchPage: (before: string | null) => Promise<TPage>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }: { readonly pageParam: string | null }) => fetchPage(pageParam),
    initialPageParam: null,
    getNextPageParam: (page: TPage) => page.nextCursor,
  });

/** What the owner decided for an item (or the selected items): approve or reject, with optional notes. */
export interface QueueDecision {
  readonly approve: boolean;
  readonly notes: string;
}

/** Admin notes as a decision sends them: empty notes are sent as absent (spec section 5). */
export const adminNotesField = (notes: string): { adminNotes?: string } =>
  notes.trim() === '' ? {} : { adminNotes: notes };

/** How a queue's items are decided, one or several at once, and what the owner is told. */
export interface QueueDecisions {
  /** The queue's list, read again after a decision. */
  readonly list: QueryKey;
  decide(id: string, decision: QueueDecision): Promise<unknown>;
  decideMany(ids: readonly string[], decision: QueueDecision): Promise<BulkResults>;
  readonly messages: {
    readonly success: { readonly title: string; readonly description: string };
    readonly failure: { readonly title: string; readonly fallback: string };
  };
}
