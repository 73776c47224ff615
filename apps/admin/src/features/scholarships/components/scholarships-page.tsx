import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_REJECTED_LIST_LIMIT,
  SCREEN_TEXTS,
  type ScholarshipRequestDto,
} from '@memoir/shared';
import { mailtoHref } from '@memoir/web-ui';
import { useState } from 'react';

import { RefreshError } from '../../../shared/load-error';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import {
  useDecideScholarshipRequest,
  useResendDelivery,
  useScholarshipRequests,
  type ScholarshipDecision,
} from '../api/scholarship-requests';
import { deliveryLabel } from '../utils/delivery-state';

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

function RequestCard(props: {
  readonly request: ScholarshipRequestDto;
  readonly review: Review | null;
  readonly onReview: (review: Review | null) => void;
}) {
  const { request, review, onReview } = props;
  const decide = useDecideScholarshipRequest(request.id, () => onReview(null));
  const resend = useResendDelivery(request.id);
  const badge = statusBadge(request.status);
  const { delivery } = request;
  return (
    <li className="item" data-testid="scholarship-request">
      <p className="item-head">
        <strong dir="auto">{request.name}</strong> <span className={`badge badge-${badge.toLowerCase()}`}>{badge}</span>
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
    </li>
  );
}

export function ScholarshipsPage() {
  const query = useScholarshipRequests();
  const { requests } = query.data;
  // One request under review at a time; opening Review starts from "approve" and no notes.
  const [review, setReview] = useState<Review | null>(null);
  const withStatus = (status: string) => requests.filter((request) => request.status === status);
  const sections = [
    { title: 'Pending Review', items: withStatus('pending') },
    { title: 'Approved Requests', items: withStatus('approved').slice(0, ADMIN_APPROVED_LIST_LIMIT) },
    { title: 'Rejected Requests', items: withStatus('rejected').slice(0, ADMIN_REJECTED_LIST_LIMIT) },
  ];
  return (
    <>
      <ScreenHeader screen={SCHOLARSHIPS_SCREEN} />
      <RefreshError query={query} title="Could not refresh the requests." />
      <ul className="counters">
        <li>
          Pending Review <strong data-testid="count-pending">{withStatus('pending').length}</strong>
        </li>
        <li>
          Approved <strong data-testid="count-approved">{withStatus('approved').length}</strong>
        </li>
        <li>
          Rejected <strong data-testid="count-rejected">{withStatus('rejected').length}</strong>
        </li>
      </ul>
      {requests.length === 0 ? (
        <p className="empty">{SCREEN_TEXTS.scholarshipsEmpty}</p>
      ) : (
        sections.map((section) => (
          <section key={section.title} aria-label={section.title} className="list-section">
            <h2>{section.title}</h2>
            <ul className="items">
              {section.items.map((request) => (
                <RequestCard
                  key={request.id}
                  request={request}
                  review={review?.id === request.id ? review : null}
                  onReview={setReview}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
