import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_REJECTED_LIST_LIMIT,
  classifyGuestbookEntry,
  SCREEN_TEXTS,
  type ClassCounts,
  type GuestbookEntryClass,
  type GuestbookEntry,
} from '@memoir/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';

import { BulkBar, BulkOutcomeNotice, SelectBox } from '../../../shared/bulk-bar';
import { DownloadCsvButton } from '../../../shared/download-csv';
import { ListFilters, type FilterChoice } from '../../../shared/list-filters';
import { definedOnly } from '../../../shared/list-search';
import { FilteredResults } from '../../../shared/filtered-results';
import { LoadError, LoadMore, RefreshError } from '../../../shared/load-error';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { useSelection, type Selection } from '../../../shared/selection';
import type { BulkOutcome } from '../../../shared/use-bulk-decision';
import {
  useBulkModerateGuestbookEntries,
  useGuestbookEntries,
  useModerateGuestbookEntry,
} from '../api/guestbook-entries';
import { guestbookCsvPath, isFiltered, type GuestbookSearch } from '../utils/guestbook-search';

export const GUESTBOOK_SCREEN: ScreenTexts = {
  title: 'GUESTBOOK MODERATION',
  loading: SCREEN_TEXTS.loading,
  loadFailed: 'Could not load the guestbook entries.',
  backLink: true,
};

const CLASS_CHOICES: readonly FilterChoice<GuestbookEntryClass>[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const NOUN = { one: 'entry', many: 'entries' } as const;

function EntryCard({ entry, selection }: { readonly entry: GuestbookEntry; readonly selection?: Selection }) {
  const [reviewing, setReviewing] = useState(false);
  const [notes, setNotes] = useState('');
  const closeReview = () => {
    setReviewing(false);
    setNotes('');
  };
  const moderate = useModerateGuestbookEntry(entry.id, closeReview);
  const decide = (isApproved: boolean) => moderate.mutate({ isApproved, notes });
  const pending = classifyGuestbookEntry(entry) === 'pending';
  return (
    <li className={selection ? 'item item-selectable' : 'item'} data-testid="guestbook-entry">
      {selection && pending ? (
        <SelectBox id={entry.id} label={`Select entry by ${entry.name}`} selection={selection} />
      ) : null}
      <div className="item-content">
        <p className="item-head">
          <strong dir="auto">{entry.name}</strong>
          {entry.location ? (
            <span>
              {' · '}
              <bdi>{entry.location}</bdi>
            </span>
          ) : null}
          <time dateTime={entry.createdAt}> · {new Date(entry.createdAt).toLocaleString()}</time>
        </p>
        <p className="item-body" dir="auto">
          {entry.message}
        </p>
        {entry.adminNotes ? (
          <p className="notes">
            Notes: <bdi>{entry.adminNotes}</bdi>
          </p>
        ) : null}
        {pending && !reviewing ? (
          <button type="button" className="button button-small" onClick={() => setReviewing(true)}>
            Review
          </button>
        ) : null}
        {pending && reviewing ? (
          <div className="review">
            <label htmlFor={`notes-${entry.id}`}>Admin notes (optional)</label>
            <textarea id={`notes-${entry.id}`} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
            <div className="actions">
              <button
                type="button"
                className="button button-small"
                disabled={moderate.isPending}
                onClick={() => decide(true)}
              >
                Approve
              </button>
              <button
                type="button"
                className="button button-danger button-small"
                disabled={moderate.isPending}
                onClick={() => decide(false)}
              >
                Reject
              </button>
              <button type="button" className="button button-ghost button-small" onClick={closeReview}>
                Cancel
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function EntryItems(props: { readonly entries: readonly GuestbookEntry[]; readonly selection?: Selection }) {
  return (
    <ul className="items">
      {props.entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} {...(props.selection ? { selection: props.selection } : {})} />
      ))}
    </ul>
  );
}

/** A section of the default view; `more` says how to see the rest of a class cut to its newest. */
function EntrySection(props: {
  readonly title: string;
  readonly count: number;
  readonly entries: readonly GuestbookEntry[];
  readonly children?: ReactNode;
  readonly footer?: ReactNode;
  readonly selection?: Selection;
}) {
  return (
    <section aria-label={props.title} className="list-section">
      <h2>
        {props.title} ({props.count})
      </h2>
      {props.children}
      {props.entries.length === 0 ? <p className="meta">None.</p> : null}
      <EntryItems entries={props.entries} {...(props.selection ? { selection: props.selection } : {})} />
      {props.footer}
    </section>
  );
}

/** "Showing the 10 newest of 32. Show all approved": the class filter reaches every entry. */
function ShowAll(props: { readonly shown: number; readonly total: number; readonly entryClass: GuestbookEntryClass }) {
  const navigate = useNavigate({ from: '/guestbook' });
  if (props.total <= props.shown) return null;
  return (
    <p className="more-hint">
      Showing the {props.shown} newest of {props.total}.{' '}
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => void navigate({ search: { class: props.entryClass } })}
      >
        Show all {props.entryClass}
      </button>
    </p>
  );
}

/** "Approved entries matching “berlin”": what a filtered list holds. */
function resultsTitle(search: GuestbookSearch): string {
  const label = CLASS_CHOICES.find((choice) => choice.value === search.class)?.label;
  const what = label === undefined ? 'Entries' : `${label} entries`;
  return search.q === undefined ? what : `${what} matching “${search.q}”`;
}

/** The list for the URL's filters: the spec's three sections, or one list of what matches. */
function GuestbookLists({ search }: { readonly search: GuestbookSearch }) {
  const navigate = useNavigate({ from: '/guestbook' });
  const query = useGuestbookEntries(search);
  const pages = query.data?.pages ?? [];
  const filtered = isFiltered(search);
  const all = pages.flatMap((page) => page.entries);
  const first = pages[0]?.entries ?? [];
  const byClass = (entries: readonly GuestbookEntry[], name: GuestbookEntryClass) =>
    entries.filter((entry) => classifyGuestbookEntry(entry) === name);
  // Unfiltered, the later pages continue the pending list; filtered, every page is the list.
  const listed = filtered ? all : [...byClass(first, 'pending'), ...pages.slice(1).flatMap((page) => page.entries)];
  const selectable = byClass(listed, 'pending');
  const selection = useSelection(
    selectable.map((entry) => entry.id),
    JSON.stringify(search),
  );
  const bulk = useBulkModerateGuestbookEntries();
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);

  if (query.data === undefined || query.isPlaceholderData) {
    if (query.isError) {
      return (
        <LoadError
          title={GUESTBOOK_SCREEN.loadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    }
    return <p aria-busy="true">{GUESTBOOK_SCREEN.loading}</p>;
  }

  const counts: ClassCounts = pages.at(-1)?.counts ?? { pending: 0, approved: 0, rejected: 0 };
  const names = Object.fromEntries(selectable.map((entry) => [entry.id, entry.name]));
  const decide = (approve: boolean, notes: string) =>
    bulk.mutate(
      { ids: selection.ids, decision: { isApproved: approve, notes }, names },
      {
        onSuccess: (result) => {
          setOutcome(result);
          selection.keepOnly(result.results.filter((item) => !item.success).map((item) => item.id));
        },
      },
    );
  const bulkTools = (
    <>
      {outcome ? <BulkOutcomeNotice outcome={outcome} noun={NOUN} onDismiss={() => setOutcome(null)} /> : null}
      {selectable.length > 0 ? (
        <BulkBar selection={selection} noun={NOUN} deciding={bulk.isPending} onDecide={decide} />
      ) : null}
    </>
  );

  const stale = <RefreshError query={query} title="Could not refresh the entries." />;
  if (filtered) {
    const total = search.q === undefined && search.class !== undefined ? counts[search.class] : null;
    const title = resultsTitle(search);
    return (
      <>
        {stale}
        <FilteredResults
          title={title}
          emptyText={SCREEN_TEXTS.adminGuestbookEmpty}
          shown={all.length}
          total={total}
          onClear={() => void navigate({ search: {} })}
        >
          {bulkTools}
          <EntryItems entries={all} selection={selection} />
          <LoadMore query={query} what="entries" />
        </FilteredResults>
      </>
    );
  }

  if (counts.pending + counts.approved + counts.rejected === 0 && first.length === 0) {
    return (
      <>
        {stale}
        <p className="empty">{SCREEN_TEXTS.adminGuestbookEmpty}</p>
      </>
    );
  }
  const approved = byClass(first, 'approved').slice(0, ADMIN_APPROVED_LIST_LIMIT);
  const rejected = byClass(first, 'rejected').slice(0, ADMIN_REJECTED_LIST_LIMIT);
  return (
    <>
      {stale}
      <EntrySection
        title="Pending"
        count={counts.pending}
        entries={listed}
        selection={selection}
        footer={<LoadMore query={query} what="entries" />}
      >
        {bulkTools}
      </EntrySection>
      <EntrySection
        title="Approved"
        count={counts.approved}
        entries={approved}
        footer={<ShowAll shown={approved.length} total={counts.approved} entryClass="approved" />}
      />
      <EntrySection
        title="Rejected"
        count={counts.rejected}
        entries={rejected}
        footer={<ShowAll shown={rejected.length} total={counts.rejected} entryClass="rejected" />}
      />
    </>
  );
}

export function GuestbookPage() {
  const search = useSearch({ from: '/authed/guestbook' });
  const navigate = useNavigate({ from: '/guestbook' });
  return (
    <>
      <ScreenHeader screen={GUESTBOOK_SCREEN} />
      <div className="toolbar">
        <ListFilters
          what="entries"
          q={search.q}
          filterLabel="Class"
          filter={search.class}
          choices={CLASS_CHOICES}
          onApply={({ q, filter }) => void navigate({ search: definedOnly({ class: filter, q }) })}
        />
        <DownloadCsvButton path={guestbookCsvPath(search)} fallbackName="guestbook.csv" />
      </div>
      <GuestbookLists search={search} />
    </>
  );
}
