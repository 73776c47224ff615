import { TOASTS, type ScholarshipRequestsPage } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import {
  adminNotesField,
  pagedQueryOptions,
  queueSearch,
  type QueueDecision,
  type QueueDecisions,
  type QueueSearch,
} from '../../../shared/review-queue';
import { useChange } from '../../../shared/use-change';
import { RESEND_TOASTS, REVOKE_TEXTS } from '../utils/delivery-state';

/** The screen's filters, kept in the URL: `/admin/scholarships?status=pending&q=gmail`. */
export const scholarshipSearch = queueSearch('status');
export type ScholarshipSearch = QueueSearch<'status'>;

/** While an email is queued, the list refreshes this often so the owner sees it go out. */
const DELIVERY_REFRESH_MS = 5000;

export const scholarshipRequestsQueryOptions = (search: ScholarshipSearch) => ({
  ...pagedQueryOptions([...queryKeys.scholarshipRequests, search], (before) =>
    api.call('listScholarshipRequests', { query: scholarshipSearch.pageQuery(search, before) }),
  ),
  refetchInterval: (query: { state: { data?: { pages: readonly ScholarshipRequestsPage[] } | undefined } }) =>
    query.state.data?.pages.some((page) => page.requests.some((request) => request.delivery?.status === 'queued'))
      ? DELIVERY_REFRESH_MS
      : false,
});

/**
 * The route's loader has fetched the list for the URL the screen opened with. When the owner
 * changes the filters the screen stays, showing the loading text in place of the list until
 * the new one comes, so the search box keeps its focus.
 */
export const useScholarshipRequests = (search: ScholarshipSearch) =>
  useInfiniteQuery({ ...scholarshipRequestsQueryOptions(search), placeholderData: keepPreviousData });

/** The CSV export of what the filters select. */
export const downloadScholarshipRequests = (search: ScholarshipSearch) =>
  api.download('exportScholarshipRequests', { query: scholarshipSearch.csvQuery(search) });

const status = ({ approve }: QueueDecision) => (approve ? 'approved' : 'rejected');

/**
 * Approving or rejecting requests, one (with its own notes) or the selected ones (with one
 * note). Unlike the spec's client, ours checks the HTTP status: a 409 (decided elsewhere
 * meanwhile) is a failure, and a request no longer pending fails alone in a bulk decision.
 */
export const SCHOLARSHIP_DECISIONS: QueueDecisions = {
  list: queryKeys.scholarshipRequests,
  decide: (id, decision) =>
    api.call('decideScholarshipRequest', {
      params: { id },
      body: { status: status(decision), ...adminNotesField(decision.notes) },
    }),
  decideMany: (ids, decision) =>
    api.call('bulkDecideScholarshipRequests', {
      body: { ids: [...ids], status: status(decision), ...adminNotesField(decision.notes) },
    }),
  messages: { success: TOASTS.scholarshipUpdated, failure: TOASTS.scholarshipUpdateFailed },
};

/** Sends an approved request's PDF again, with a new link; the list then shows it queued. */
export const useResendDelivery = (id: string) =>
  useChange({
    run: () => api.call('resendDelivery', { params: { id } }),
    done: RESEND_TOASTS.queued,
    failed: RESEND_TOASTS.failed,
    refresh: [queryKeys.scholarshipRequests, queryKeys.deliveryTimelines],
  });

/** Revokes a request's download links (audited); the list then shows the link revoked. */
export const useRevokeDownloadLink = (id: string, onRevoked: () => void) =>
  useChange({
    run: () => api.call('revokeDownloadLink', { params: { id } }),
    then: onRevoked,
    done: REVOKE_TEXTS.revoked,
    failed: REVOKE_TEXTS.failed,
    refresh: [queryKeys.scholarshipRequests, queryKeys.deliveryTimelines],
  });

/**
 * What became of a request's emails (`GET /api/admin/scholarships/{id}/delivery`), read when
 * the owner opens it, and again every few seconds while an email is on its way.
 */
export const useDeliveryTimeline = (id: string) =>
  useQuery({
    queryKey: [...queryKeys.deliveryTimelines, id],
    queryFn: () => api.call('deliveryTimeline', { params: { id } }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'queued') === true
        ? DELIVERY_REFRESH_MS
        : false,
  });
