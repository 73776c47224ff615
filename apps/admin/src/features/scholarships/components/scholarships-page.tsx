import { SCREEN_TEXTS, type ClassCounts, type ScholarshipRequest, type ScholarshipRequestsPage } from '@memoir/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

import { ButtonRow } from '../../../shared/page';
import { QueueCard, ReviewQueueScreen, type ReviewQueue } from '../../../shared/review-queue-screen';
import type { ScreenTexts } from '../../../shared/screen';
import type { Selection } from '../../../shared/selection';
import { useDecision } from '../../../shared/use-decision';
import {
  downloadScholarshipRequests,
  SCHOLARSHIP_DECISIONS,
  scholarshipSearch,
  useResendDelivery,
  useRevokeDownloadLink,
  useScholarshipRequests,
} from '../api/scholarship-requests';
import { SentBy } from '../../../shared/when';
import { deliveryLabel, hasWorkingLink, REVOKE_TEXTS } from '../utils/delivery-state';
import { DeliveryTimelinePanel } from './delivery-timeline';

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

const SCHOLARSHIPS_QUEUE: ReviewQueue<'status', ScholarshipRequest, ScholarshipRequestsPage> = {
  screen: SCHOLARSHIPS_SCREEN,
  search: scholarshipSearch,
  filterLabel: 'Status',
  noun: { one: 'request', many: 'requests' },
  emptyText: SCREEN_TEXTS.scholarshipsEmpty,
  sections: { pending: 'Pending Review', approved: 'Approved Requests', rejected: 'Rejected Requests' },
  countsInHeadings: false,
  itemsOf: (page) => page.requests,
  statusOf: (request) => request.status,
  decisions: SCHOLARSHIP_DECISIONS,
  download: downloadScholarshipRequests,
  csvFallbackName: 'scholarship-requests.csv',
};

/** The request under review (one at a time): the decision and the notes so far. */
interface Review {
  readonly id: string;
  readonly decision: 'approved' | 'rejected';
  readonly notes: string;
}

/** A request: who, the message, the notes, the delivery; Review, Resend and Revoke as its status allows. */
function RequestCard(props: {
  readonly request: ScholarshipRequest;
  readonly review: Review | null;
  readonly onReview: (review: Review | null) => void;
  readonly selection?: Selection | undefined;
}) {
  const { request, review, onReview, selection } = props;
  const decide = useDecision(SCHOLARSHIP_DECISIONS, request.id, () => onReview(null));
  const resend = useResendDelivery(request.id);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const [showingTimeline, setShowingTimeline] = useState(false);
  const revoke = useRevokeDownloadLink(request.id, () => setConfirmingRevoke(false));
  const badge = statusBadge(request.status);
  const { delivery } = request;
  return (
    <QueueCard
      testId="scholarship-request"
      id={request.id}
      selectLabel={`Select request from ${request.name}`}
      pending={request.status === 'pending'}
      selection={selection}
    >
      <p className="item-head">
        <strong dir="auto">{request.name}</strong> <span className={`badge badge-${badge.toLowerCase()}`}>{badge}</span>
      </p>
      <SentBy email={request.email} at={request.createdAt} />
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
      {delivery || request.status === 'approved' ? (
        <ButtonRow>
          {delivery ? (
            <button
              type="button"
              className="button button-ghost button-small"
              aria-expanded={showingTimeline}
              onClick={() => setShowingTimeline(!showingTimeline)}
            >
              {showingTimeline ? 'Hide what became of the email' : 'What became of the email'}
            </button>
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
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => setConfirmingRevoke(true)}
            >
              Revoke download link
            </button>
          ) : null}
        </ButtonRow>
      ) : null}
      {showingTimeline ? <DeliveryTimelinePanel requestId={request.id} /> : null}
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
            decide.mutate({ approve: review.decision === 'approved', notes: review.notes });
          }}
        >
          <label htmlFor={`decision-${request.id}`}>Decision</label>
          <select
            id={`decision-${request.id}`}
            value={review.decision}
            onChange={(e) => onReview({ ...review, decision: e.target.value === 'rejected' ? 'rejected' : 'approved' })}
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
    </QueueCard>
  );
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

export function ScholarshipsPage() {
  const search = useSearch({ from: '/authed/scholarships' });
  const navigate = useNavigate({ from: '/scholarships' });
  const query = useScholarshipRequests(search);
  // Opening Review starts from "approve", no notes.
  const [review, setReview] = useState<Review | null>(null);
  return (
    <ReviewQueueScreen
      queue={SCHOLARSHIPS_QUEUE}
      search={search}
      onSearch={(next) => void navigate({ search: next })}
      query={query}
      above={(counts) => <Counters counts={counts} />}
      renderItems={(requests, selection) => (
        <ul className="items">
          {requests.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              review={review?.id === request.id ? review : null}
              onReview={setReview}
              selection={selection}
            />
          ))}
        </ul>
      )}
    />
  );
}
