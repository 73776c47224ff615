import { TOASTS, type BulkDecisionResponse, type ScholarshipRequestsResponse } from '@memoir/shared';
import { apiRequest, getJson, postJson, toast, toastFailure } from '@memoir/web-ui';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useBulkDecision } from '../../../shared/use-bulk-decision';
import { adminNotesField, useDecision } from '../../../shared/use-decision';
import { RESEND_TOASTS, REVOKE_TEXTS } from '../utils/delivery-state';
import { scholarshipPagePath, type ScholarshipSearch } from '../utils/scholarship-search';

/** While an email is queued, the list refreshes this often so the owner sees it go out. */
const DELIVERY_REFRESH_MS = 5000;

export const scholarshipRequestsQueryOptions = (search: ScholarshipSearch) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.scholarshipRequests, search],
    queryFn: ({ pageParam }: { readonly pageParam: string | null }) =>
      getJson<ScholarshipRequestsResponse>(scholarshipPagePath(search, pageParam)),
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) =>
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

export interface ScholarshipDecision {
  readonly decision: 'approved' | 'rejected';
  readonly notes: string;
}

// Unlike the spec's client, ours checks the HTTP status: a 409 (decided elsewhere meanwhile) is a failure.
const decideScholarshipRequest = (id: string, { decision, notes }: ScholarshipDecision) =>
  apiRequest('PATCH', `/api/admin/scholarships/${id}`, {
    status: decision,
    ...adminNotesField(notes),
  });

/** Approves or rejects a request; `onDecided` closes the review form. */
export const useDecideScholarshipRequest = (id: string, onDecided: () => void) =>
  useDecision({
    decide: (decision: ScholarshipDecision) => decideScholarshipRequest(id, decision),
    list: queryKeys.scholarshipRequests,
    messages: { success: TOASTS.scholarshipUpdated, failure: TOASTS.scholarshipUpdateFailed },
    onDecided,
  });

/** Approves or rejects the selected requests with one note; one no longer pending fails alone. */
export const useBulkDecideScholarshipRequests = () =>
  useBulkDecision({
    decide: (ids, { decision, notes }: ScholarshipDecision) =>
      postJson<BulkDecisionResponse>('/api/admin/scholarships/bulk', {
        ids,
        status: decision,
        ...adminNotesField(notes),
      }),
    approves: (decision) => decision.decision === 'approved',
    list: queryKeys.scholarshipRequests,
  });

/** Sends an approved request's PDF again, with a new link; the list then shows it queued. */
export function useResendDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/admin/scholarships/${id}/resend`, {}),
    onSuccess: async () => {
      toast({ title: RESEND_TOASTS.queued.title, description: RESEND_TOASTS.queued.description });
      await queryClient.invalidateQueries({ queryKey: queryKeys.scholarshipRequests });
    },
    onError: (error) => toastFailure(error, RESEND_TOASTS.failed),
  });
}

/** Revokes a request's download links (audited); the list then shows the link revoked. */
export function useRevokeDownloadLink(id: string, onRevoked: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/admin/scholarships/${id}/revoke-link`, {}),
    onSuccess: async () => {
      toast({ title: REVOKE_TEXTS.revoked.title, description: REVOKE_TEXTS.revoked.description });
      onRevoked();
      await queryClient.invalidateQueries({ queryKey: queryKeys.scholarshipRequests });
    },
    onError: (error) => toastFailure(error, REVOKE_TEXTS.failed),
  });
}
