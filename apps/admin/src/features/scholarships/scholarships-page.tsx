import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_REJECTED_LIST_LIMIT,
  SCREEN_TEXTS,
  TOASTS,
  type ScholarshipRequestDto,
  type ScholarshipRequestsResponse,
} from '@memoir/shared';
import { apiRequest, toast, toastFailure } from '@memoir/web-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { BackLink } from '../back-link';
import { DASHBOARD_KEY } from '../dashboard/dashboard-page';
import { deliveryLabel, RESEND_TOASTS } from './delivery-state';

export const SCHOLARSHIPS_KEY = ['/api/admin/scholarships'];

/** While an email is queued, the list refreshes this often so the owner sees it go out. */
const DELIVERY_REFRESH_MS = 5000;

/** PENDING, APPROVED, REJECTED, or UNKNOWN for any other value. */
export function statusBadge(status: string): string {
  return ['pending', 'approved', 'rejected'].includes(status) ? status.toUpperCase() : 'UNKNOWN';
}

interface Review {
  readonly id: string;
  readonly decision: 'approved' | 'rejected';
  readonly notes: string;
}

function RequestCard(props: {
  readonly request: ScholarshipRequestDto;
  readonly review: Review | null;
  readonly onReview: (review: Review | null) => void;
}) {
  const { request, review, onReview } = props;
  const queryClient = useQueryClient();
  const decide = useMutation({
    // Unlike the spec's client, ours checks the HTTP status too: a 409 is a failure.
    mutationFn: (current: Review) =>
      apiRequest('PATCH', `/api/admin/scholarships/${request.id}`, {
        status: current.decision,
        ...(current.notes.trim() === '' ? {} : { adminNotes: current.notes }),
      }),
    onSuccess: async () => {
      toast({ title: TOASTS.scholarshipUpdated.title, description: TOASTS.scholarshipUpdated.description });
      onReview(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SCHOLARSHIPS_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
      ]);
    },
    onError: (error) => toastFailure(error, TOASTS.scholarshipUpdateFailed),
  });
  const resend = useMutation({
    mutationFn: () => apiRequest('POST', `/api/admin/scholarships/${request.id}/resend`, {}),
    onSuccess: async () => {
      toast({ title: RESEND_TOASTS.queued.title, description: RESEND_TOASTS.queued.description });
      await queryClient.invalidateQueries({ queryKey: SCHOLARSHIPS_KEY });
    },
    onError: (error) => toastFailure(error, RESEND_TOASTS.failed),
  });
  const badge = statusBadge(request.status);
  const { delivery } = request;
  return (
    <li className="item" data-testid="scholarship-request">
      <p className="item-head">
        <strong>{request.name}</strong> <span className={`badge badge-${badge.toLowerCase()}`}>{badge}</span>
      </p>
      <p>
        <a href={`mailto:${request.email}`}>{request.email}</a> ·{' '}
        <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleString()}</time>
      </p>
      {request.message ? <p className="item-body">{request.message}</p> : null}
      {request.status !== 'pending' && request.adminNotes ? (
        <p className="notes">Admin notes: {request.adminNotes}</p>
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
  const { data, isLoading } = useQuery<ScholarshipRequestsResponse>({
    queryKey: SCHOLARSHIPS_KEY,
    refetchInterval: (query) =>
      query.state.data?.requests.some((request) => request.delivery?.status === 'queued') ? DELIVERY_REFRESH_MS : false,
  });
  // One request under review at a time; opening Review starts from "approve" and no notes.
  const [review, setReview] = useState<Review | null>(null);
  const requests = data?.requests ?? [];
  const withStatus = (status: string) => requests.filter((request) => request.status === status);
  const sections = [
    { title: 'Pending Review', items: withStatus('pending') },
    { title: 'Approved Requests', items: withStatus('approved').slice(0, ADMIN_APPROVED_LIST_LIMIT) },
    { title: 'Rejected Requests', items: withStatus('rejected').slice(0, ADMIN_REJECTED_LIST_LIMIT) },
  ];
  return (
    <>
      <BackLink />
      <h1>{SCREEN_TEXTS.scholarshipsTitle}</h1>
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
      {isLoading ? <p>{SCREEN_TEXTS.scholarshipsLoading}</p> : null}
      {!isLoading && requests.length === 0 ? <p className="empty">{SCREEN_TEXTS.scholarshipsEmpty}</p> : null}
      {requests.length > 0
        ? sections.map((section) => (
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
        : null}
    </>
  );
}
