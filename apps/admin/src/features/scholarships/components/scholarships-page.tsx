import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_REJECTED_LIST_LIMIT,
  SCREEN_TEXTS,
  type ClassCounts,
  type ScholarshipRequest,
  type ScholarshipStatus,
} from '@memoir/shared';
import { mailtoHref } from '@memoir/web-ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

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
  useBulkDecideScholarshipRequests,
  useDecideScholarshipRequest,
  useResendDelivery,
  useRevokeDownloadLink,
  useScholarshipRequests,
  type ScholarshipDecision,
} from '../api/scholarship-requests';
import { isFiltered, scholarshipCsvPath, type ScholarshipSearch } from '../utils/scholarship-search';
import { deliveryLabel, hasWorkingLink, REVOKE_TEXTS } from '../utils/delivery-state';

export const SCHOLARSHIPS_SCREEN: ScreenTexts = {
  title: SCREEN_TEXTS.scholarshipsTitle,
  loading: SCREEN_TEXTS.scholarshipsLoading,
  loadFailed: 'Could not load the scholarship requests.',
  backLink: true,
};

/** PENDING, APPROVED, REJECTED, or UNKNOWN for any other value. */
export function statusBadge(status: string): string {
  return ['pending', 'approved', 'rejected'].includes(status) ? status.toUpperCase() : 'UNKNOWN';
}

interface Review extends ScholarshipDecision {
  readonly id: string;
}

const STATUS_CHOICES: readonly FilterChoice<ScholarshipStatus>[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const NOUN = { one: 'request', many: 'requests' } as const;

function RequestCard(props: {
  readonly request: ScholarshipRequest;
  readonly review: Review | null;
  readonly onReview: (review: Review | null) => void;
  readonly selection?: Selection | undefined;
}) {
  const { request, review, onReview, selection } = props;
  const decide = useDecideScholarshipRequest(request.id, () => onReview(null));
  const resend = useResendDelivery(request.id);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const revoke = useRevokeDownloadLink(request.id, () => setConfirmingRevoke(false));
  const badge = statusBadge(request.status);
  const { delivery } = request;
  return (
    <li className={selection ? 'item item-selectable' : 'item'} data-testid="scholarship-request">
      {selection && request.status === 'pending' ? (
        <SelectBox id={request.id} label={`Select request from ${request.name}`} selection={selection} />
      ) : null}
      <div className="item-content">
        <p className="item-head">
          <strong dir="auto">{request.name}</strong>{' '}
          <span className={`badge badge-${badge.toLowerCase()}`}>{badge}</span>
        </p>
        <p>
          <a href={mailtoHref(request.email)} dir="auto">
            {request.email}
          </a>{' '}
          · <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleString()}</time>
        </p>
        {request.message ? (
          <p className="item-body" dir="auto">
            {request.message}
          </p>
        ) : null}
        {request.status !== 'pending' && request.adminNotes ? (
          <p className="notes">
            Admin notes: <bdi>{request.adminNotes}</bdi>
          </p>
        ) : null}
        {delivery ? (
          <p className={`delivery delivery-${delivery.status}`} data-testid="delivery-state">
            {deliveryLabel(delivery)}
          </p>
        ) : null}
        {request.status === 'approved' ? (
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={resend.isPending || delivery?.status === 'queued'}
            onClick={() => resend.mutate()}
          >
            Resend
          </button>
        ) : null}
        {request.status === 'approved' && hasWorkingLink(delivery) && !confirmingRevoke ? (
          <button type="button" className="button button-ghost button-small" onClick={() => setConfirmingRevoke(true)}>
            Revoke download link
          </button>
        ) : null}
        {confirmingRevoke ? (
          <div className="review" role="group" aria-label="Revoke download link">
            <p>{REVOKE_TEXTS.question}</p>
            <div className="actions">
              <button
                type="button"
                className="button button-small button-danger"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate()}
              >
                Revoke
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => setConfirmingRevoke(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : null}
        {request.status === 'pending' && review === null ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => onReview({ id: request.id, decision: 'approved', notes: '' })}
          >
            Review
          </button>
        ) : null}
        {review !== null ? (
          <form
            className="review"
            onSubmit={(event) => {
              event.preventDefault();
              decide.mutate(review);
            }}
          >
            <label htmlFor={`decision-${request.id}`}>Decision</label>
            <select
              id={`decision-${request.id}`}
              value={review.decision}
              onChange={(e) =>
                onReview({ ...review, decision: e.target.value === 'rejected' ? 'rejected' : 'approved' })
              }
            >
              <option value="approved">Approve</option>
              <option value="rejected">Reject</option>
            </select>
            <label htmlFor={`notes-${request.id}`}>Admin notes</label>
            <textarea
              id={`notes-${request.id}`}
              rows={3}
              placeholder={SCREEN_TEXTS.scholarshipNotesPlaceholder}
              value={review.notes}
              onChange={(e) => onReview({ ...review, notes: e.target.value })}
            />
            <div className="actions">
              <button type="submit" className="button button-small" disabled={decide.isPending}>
                Submit Decision
              </button>
              <button type="button" className="button button-ghost button-small" onClick={() => onReview(null)}>
                Cancel
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </li>
  );
}

/** The cards of a list; one request under review at a time (opening Review starts from "approve", no notes). */
function RequestItems(props: {
  readonly requests: readonly ScholarshipRequest[];
  readonly review: Review | null;
  readonly onReview: (review: Review | null) => void;
  readonly selection?: Selection;
}) {
  return (
    <ul className="items">
      {props.requests.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          review={props.review?.id === request.id ? props.review : null}
          onReview={props.onReview}
          selection={props.selection}
        />
      ))}
    </ul>
  );
}

/** "Showing the 10 newest of 32. Show all approved": the status filter reaches every request. */
function ShowAll(props: { readonly shown: number; readonly total: number; readonly status: ScholarshipStatus }) {
  const navigate = useNavigate({ from: '/scholarships' });
  if (props.total <= props.shown) return null;
  return (
    <p className="more-hint">
      Showing the {props.shown} newest of {props.total}.{' '}
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => void navigate({ search: { status: props.status } })}
      >
        Show all {props.status}
      </button>
    </p>
  );
}

/** "Approved requests matching “gmail”": what a filtered list holds. */
function resultsTitle(search: ScholarshipSearch): string {
  const label = STATUS_CHOICES.find((choice) => choice.value === search.status)?.label;
  const what = label === undefined ? 'Requests' : `${label} requests`;
  return search.q === undefined ? what : `${what} matching “${search.q}”`;
}

/** The three counters of the spec, exact whatever the filter (the server counts them). */
function Counters({ counts }: { readonly counts: ClassCounts }) {
  return (
    <ul className="counters">
      <li>
        Pending Review <strong data-testid="count-pending">{counts.pending}</strong>
      </li>
      <li>
        Approved <strong data-testid="count-approved">{counts.approved}</strong>
      </li>
      <li>
        Rejected <strong data-testid="count-rejected">{counts.rejected}</strong>
      </li>
    </ul>
  );
}

/** The counters and the list for the URL's filters: the spec's three sections, or one list of what matches. */
function ScholarshipLists({ search }: { readonly search: ScholarshipSearch }) {
  const navigate = useNavigate({ from: '/scholarships' });
  const query = useScholarshipRequests(search);
  const pages = query.data?.pages ?? [];
  const filtered = isFiltered(search);
  const all = pages.flatMap((page) => page.requests);
  const first = pages[0]?.requests ?? [];
  const withStatus = (requests: readonly ScholarshipRequest[], status: string) =>
    requests.filter((request) => request.status === status);
  // Unfiltered, the later pages continue the pending list; filtered, every page is the list.
  const listed = filtered ? all : [...withStatus(first, 'pending'), ...pages.slice(1).flatMap((page) => page.requests)];
  const selectable = withStatus(listed, 'pending');
  const selection = useSelection(
    selectable.map((request) => request.id),
    JSON.stringify(search),
  );
  const bulk = useBulkDecideScholarshipRequests();
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [review, setReview] = useState<Review | null>(null);

  if (query.data === undefined) {
    return query.isError ? (
      <LoadError
        title={SCHOLARSHIPS_SCREEN.loadFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : (
      <p aria-busy="true">{SCHOLARSHIPS_SCREEN.loading}</p>
    );
  }
  const counts: ClassCounts = pages.at(-1)?.counts ?? { pending: 0, approved: 0, rejected: 0 };
  if (query.isPlaceholderData) {
    return (
      <>
        <Counters counts={counts} />
        <p aria-busy="true">{SCHOLARSHIPS_SCREEN.loading}</p>
      </>
    );
  }

  const names = Object.fromEntries(selectable.map((request) => [request.id, request.name]));
  const decide = (approve: boolean, notes: string) =>
    bulk.mutate(
      { ids: selection.ids, decision: { decision: approve ? 'approved' : 'rejected', notes }, names },
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
  const items = (requests: readonly ScholarshipRequest[], selectionOf?: Selection) =>
    requests.length === 0 ? (
      <p className="meta">None.</p>
    ) : (
      <RequestItems
        requests={requests}
        review={review}
        onReview={setReview}
        {...(selectionOf ? { selection: selectionOf } : {})}
      />
    );
  const header = (
    <>
      <RefreshError query={query} title="Could not refresh the requests." />
      <Counters counts={counts} />
    </>
  );

  if (filtered) {
    const total = search.q === undefined && search.status !== undefined ? counts[search.status] : null;
    const title = resultsTitle(search);
    return (
      <>
        {header}
        <FilteredResults
          title={title}
          emptyText={SCREEN_TEXTS.scholarshipsEmpty}
          shown={all.length}
          total={total}
          onClear={() => void navigate({ search: {} })}
        >
          {bulkTools}
          {items(all, selection)}
          <LoadMore query={query} what="requests" />
        </FilteredResults>
      </>
    );
  }

  if (counts.pending + counts.approved + counts.rejected === 0 && first.length === 0) {
    return (
      <>
        {header}
        <p className="empty">{SCREEN_TEXTS.scholarshipsEmpty}</p>
      </>
    );
  }
  const approved = withStatus(first, 'approved').slice(0, ADMIN_APPROVED_LIST_LIMIT);
  const rejected = withStatus(first, 'rejected').slice(0, ADMIN_REJECTED_LIST_LIMIT);
  return (
    <>
      {header}
      <section aria-label="Pending Review" className="list-section">
        <h2>Pending Review</h2>
        {bulkTools}
        {items(listed, selection)}
        <LoadMore query={query} what="requests" />
      </section>
      <section aria-label="Approved Requests" className="list-section">
        <h2>Approved Requests</h2>
        {items(approved)}
        <ShowAll shown={approved.length} total={counts.approved} status="approved" />
      </section>
      <section aria-label="Rejected Requests" className="list-section">
        <h2>Rejected Requests</h2>
        {items(rejected)}
        <ShowAll shown={rejected.length} total={counts.rejected} status="rejected" />
      </section>
    </>
  );
}

export function ScholarshipsPage() {
  const search = useSearch({ from: '/authed/scholarships' });
  const navigate = useNavigate({ from: '/scholarships' });
  return (
    <>
      <ScreenHeader screen={SCHOLARSHIPS_SCREEN} />
      <div className="toolbar">
        <ListFilters
          what="requests"
          q={search.q}
          filterLabel="Status"
          filter={search.status}
          choices={STATUS_CHOICES}
          onApply={({ q, filter }) => void navigate({ search: definedOnly({ status: filter, q }) })}
        />
        <DownloadCsvButton path={scholarshipCsvPath(search)} fallbackName="scholarship-requests.csv" />
      </div>
      <ScholarshipLists search={search} />
    </>
  );
}
