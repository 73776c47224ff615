import { ADMIN_APPROVED_LIST_LIMIT, ADMIN_REJECTED_LIST_LIMIT, type ClassCounts, type QueuePage } from '@memoir/shared';
import type { DownloadedFile } from '@memoir/web-ui';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { BulkBar, BulkOutcomeNotice, SelectBox } from './bulk-bar';
import type { Noun } from './bulk-summary';
import { DownloadCsvButton } from './download-csv';
import { FilteredResults } from './filtered-results';
import { ListFilters, type FilterChoice } from './list-filters';
import { definedOnly } from './list-search';
import { ListPending, LoadMore, RefreshError } from './load-error';
import {
  searchedStatus,
  type QueueDecisions,
  type QueueSearch,
  type QueueSearchRules,
  type QueueStatus,
} from './review-queue';
import { ScreenHeader, type ScreenTexts } from './screen';
import { useSelection, type Selection } from './selection';
import { useBulkDecision, type BulkOutcome } from './use-bulk-decision';

/*
 * The screen of a review queue (guestbook moderation, scholarship decisions): search and status
 * filter in the URL, the CSV export, the spec's three sections (or one list of what matches),
 * paging, selection and bulk decisions. Each queue brings its texts and its cards.
 */

/** An item of a queue: its id, and the name the screen shows it by. */
export interface QueueItem {
  readonly id: string;
  readonly name: string;
}

/** What tells one queue from the other on screen. */
export interface ReviewQueue<F extends string, T extends QueueItem, TPage extends QueuePage> {
  readonly screen: ScreenTexts;
  readonly search: QueueSearchRules<F>;
  /** The status filter's label: "Class", "Status". */
  readonly filterLabel: string;
  /** "entry" / "entries": the search box, the bulk tools, Load more and the results' title say it. */
  readonly noun: Noun;
  readonly emptyText: string;
  /** Each section's name (its region's label and heading) in the unfiltered view. */
  readonly sections: Readonly<Record<QueueStatus, string>>;
  /** Whether each section's heading says its count (the guestbook; scholarships show counters). */
  readonly countsInHeadings: boolean;
  readonly itemsOf: (page: TPage) => readonly T[];
  readonly statusOf: (item: T) => QueueStatus;
  readonly decisions: QueueDecisions;
  readonly download: (search: QueueSearch<F>) => Promise<DownloadedFile>;
  readonly csvFallbackName: string;
}

const STATUS_CHOICES: readonly FilterChoice<QueueStatus>[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Approved entries matching “berlin”": what a filtered list holds. */
function resultsTitle(noun: Noun, status: QueueStatus | undefined, q: string | undefined): string {
  const label = STATUS_CHOICES.find((choice) => choice.value === status)?.label;
  const what = label === undefined ? capitalized(noun.many) : `${label} ${noun.many}`;
  return q === undefined ? what : `${what} matching “${q}”`;
}

/** "Showing the 10 newest of 32. Show all approved": the status filter reaches every item. */
function ShowAll(props: {
  readonly shown: number;
  readonly total: number;
  readonly onShowAll: () => void;
  readonly status: QueueStatus;
}) {
  if (props.total <= props.shown) return null;
  return (
    <p className="more-hint">
      Showing the {props.shown} newest of {props.total}.{' '}
      <button type="button" className="button button-ghost button-small" onClick={props.onShowAll}>
        Show all {props.status}
      </button>
    </p>
  );
}

/** A card of a queue's list: the checkbox of a pending item while it can be selected, then the content. */
export function QueueCard(props: {
  readonly testId: string;
  readonly selectLabel: string;
  readonly id: string;
  readonly pending: boolean;
  readonly selection?: Selection | undefined;
  readonly children: ReactNode;
}) {
  const { selection } = props;
  return (
    <li className={selection ? 'item item-selectable' : 'item'} data-testid={props.testId}>
      {selection && props.pending ? <SelectBox id={props.id} label={props.selectLabel} selection={selection} /> : null}
      <div className="item-content">{props.children}</div>
    </li>
  );
}

interface ListsProps<F extends string, T extends QueueItem, TPage extends QueuePage> {
  readonly queue: ReviewQueue<F, T, TPage>;
  readonly search: QueueSearch<F>;
  readonly onSearch: (search: QueueSearch<F>) => void;
  readonly query: UseInfiniteQueryResult<InfiniteData<TPage>>;
  /** The cards of `items`; with `selection`, the pending ones can be selected. */
  readonly renderItems: (items: readonly T[], selection?: Selection) => ReactNode;
  /** Above the list once its counts are known (the scholarships' counters). */
  readonly above?: (counts: ClassCounts) => ReactNode;
}

/** The list for the URL's filters: the spec's three sections, or one list of what matches. */
function QueueLists<F extends string, T extends QueueItem, TPage extends QueuePage>(props: ListsProps<F, T, TPage>) {
  const { queue, search, query, renderItems } = props;
  const pages = query.data?.pages ?? [];
  const filtered = queue.search.isFiltered(search);
  const all = pages.flatMap(queue.itemsOf);
  const first = pages[0] === undefined ? [] : queue.itemsOf(pages[0]);
  const withStatus = (items: readonly T[], status: QueueStatus) =>
    items.filter((item) => queue.statusOf(item) === status);
  // Unfiltered, the later pages continue the pending list; filtered, every page is the list.
  const listed = filtered ? all : [...withStatus(first, 'pending'), ...pages.slice(1).flatMap(queue.itemsOf)];
  const selectable = withStatus(listed, 'pending');
  const selection = useSelection(
    selectable.map((item) => item.id),
    JSON.stringify(search),
  );
  const bulk = useBulkDecision(queue.decisions);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const counts: ClassCounts = pages.at(-1)?.counts ?? { pending: 0, approved: 0, rejected: 0 };
  const above = query.data === undefined ? null : props.above?.(counts);

  if (query.data === undefined || query.isPlaceholderData) {
    return (
      <>
        {above}
        <ListPending screen={queue.screen} query={query} />
      </>
    );
  }

  const names = Object.fromEntries(selectable.map((item) => [item.id, item.name]));
  const decide = (approve: boolean, notes: string) =>
    bulk.mutate(
      { ids: selection.ids, decision: { approve, notes }, names },
      {
        onSuccess: (result) => {
          setOutcome(result);
          selection.keepOnly(result.results.filter((item) => !item.success).map((item) => item.id));
        },
      },
    );
  const bulkTools = (
    <>
      {outcome ? <BulkOutcomeNotice outcome={outcome} noun={queue.noun} onDismiss={() => setOutcome(null)} /> : null}
      {selectable.length > 0 ? (
        <BulkBar selection={selection} noun={queue.noun} deciding={bulk.isPending} onDecide={decide} />
      ) : null}
    </>
  );
  const items = (list: readonly T[], selectionOf?: Selection) =>
    list.length === 0 ? <p className="meta">None.</p> : renderItems(list, selectionOf);
  const more = <LoadMore query={query} what={queue.noun.many} />;
  const header = (
    <>
      <RefreshError query={query} title={`Could not refresh the ${queue.noun.many}.`} />
      {above}
    </>
  );

  if (filtered) {
    const status = searchedStatus(queue.search, search);
    const total = search.q === undefined && status !== undefined ? counts[status] : null;
    return (
      <>
        {header}
        <FilteredResults
          title={resultsTitle(queue.noun, status, search.q)}
          emptyText={queue.emptyText}
          shown={all.length}
          total={total}
          onClear={() => props.onSearch({} as QueueSearch<F>)}
        >
          {bulkTools}
          {all.length === 0 ? null : renderItems(all, selection)}
          {more}
        </FilteredResults>
      </>
    );
  }

  if (counts.pending + counts.approved + counts.rejected === 0 && first.length === 0) {
    return (
      <>
        {header}
        <p className="empty">{queue.emptyText}</p>
      </>
    );
  }
  const section = (status: QueueStatus, children: ReactNode) => (
    <section aria-label={queue.sections[status]} className="list-section">
      <h2>
        {queue.sections[status]}
        {queue.countsInHeadings ? ` (${counts[status]})` : null}
      </h2>
      {children}
    </section>
  );
  const decided = (status: 'approved' | 'rejected', limit: number) => {
    const shown = withStatus(first, status).slice(0, limit);
    const showAll = () => props.onSearch({ [queue.search.filter]: status } as QueueSearch<F>);
    return section(
      status,
      <>
        {items(shown)}
        <ShowAll shown={shown.length} total={counts[status]} status={status} onShowAll={showAll} />
      </>,
    );
  };
  return (
    <>
      {header}
      {section(
        'pending',
        <>
          {bulkTools}
          {items(listed, selection)}
          {more}
        </>,
      )}
      {decided('approved', ADMIN_APPROVED_LIST_LIMIT)}
      {decided('rejected', ADMIN_REJECTED_LIST_LIMIT)}
    </>
  );
}

/** A review queue's screen: its title, the search and filter with the CSV export, and the list. */
export function ReviewQueueScreen<F extends string, T extends QueueItem, TPage extends QueuePage>(
  props: ListsProps<F, T, TPage>,
) {
  const { queue, search, onSearch } = props;
  return (
    <>
      <ScreenHeader screen={queue.screen} />
      <div className="toolbar">
        <ListFilters
          what={queue.noun.many}
          q={search.q}
          filterLabel={queue.filterLabel}
          filter={searchedStatus(queue.search, search)}
          choices={STATUS_CHOICES}
          onApply={({ q, filter }) => onSearch(definedOnly({ [queue.search.filter]: filter, q }) as QueueSearch<F>)}
        />
        <DownloadCsvButton download={() => queue.download(search)} fallbackName={queue.csvFallbackName} />
      </div>
      <QueueLists {...props} />
    </>
  );
}
