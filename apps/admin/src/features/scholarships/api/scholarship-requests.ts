import { TOASTS, type ScholarshipRequestsResponse } from '@memoir/shared';
import { apiRequest, getJson, toast, toastFailure } from '@memoir/web-ui';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { adminNotesField, useDecision } from '../../../shared/use-decision';
import { RESEND_TOASTS } from '../utils/delivery-state';

/** While an email is queued, the list refreshes this often so the owner sees it go out. */
const DELIVERY_REFRESH_MS = 5000;

const fetchScholarshipRequests = () => getJson<ScholarshipRequestsResponse>('/api/admin/scholarships');

export const scholarshipRequestsQueryOptions = queryOptions({
  queryKey: queryKeys.scholarshipRequests,
  queryFn: fetchScholarshipRequests,
  refetchInterval: (query) =>
    query.state.data?.requests.some((request) => request.delivery?.status === 'queued') ? DELIVERY_REFRESH_MS : false,
});

/** The route's loader has fetched it: the data is there from the first render. */
export const useScholarshipRequests = () => useSuspenseQuery(scholarshipRequestsQueryOptions);

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
