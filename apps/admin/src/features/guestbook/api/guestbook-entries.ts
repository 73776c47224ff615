import { TOASTS, type AdminGuestbookEntriesResponse } from '@memoir/shared';
import { apiRequest, getJson } from '@memoir/web-ui';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { adminNotesField, useDecision } from '../../../shared/use-decision';

const fetchGuestbookEntries = () => getJson<AdminGuestbookEntriesResponse>('/api/admin/guestbook');

export const guestbookEntriesQueryOptions = queryOptions({
  queryKey: queryKeys.guestbookEntries,
  queryFn: fetchGuestbookEntries,
});

/** The route's loader has fetched it: the data is there from the first render. */
export const useGuestbookEntries = () => useSuspenseQuery(guestbookEntriesQueryOptions);

export interface GuestbookDecision {
  readonly isApproved: boolean;
  readonly notes: string;
}

const moderateGuestbookEntry = (id: string, decision: GuestbookDecision) =>
  apiRequest('PATCH', `/api/admin/guestbook/${id}`, {
    isApproved: decision.isApproved,
    ...adminNotesField(decision.notes),
  });

/** Approves or rejects an entry; `onDecided` closes the notes box. */
export const useModerateGuestbookEntry = (id: string, onDecided: () => void) =>
  useDecision({
    decide: (decision: GuestbookDecision) => moderateGuestbookEntry(id, decision),
    list: queryKeys.guestbookEntries,
    messages: { success: TOASTS.guestbookEntryUpdated, failure: TOASTS.guestbookEntryUpdateFailed },
    onDecided,
  });
