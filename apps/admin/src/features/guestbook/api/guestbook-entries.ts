import { TOASTS, type AdminGuestbookEntriesResponse, type BulkDecisionResponse } from '@memoir/shared';
import { apiRequest, getJson, postJson } from '@memoir/web-ui';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { useBulkDecision } from '../../../shared/use-bulk-decision';
import { adminNotesField, useDecision } from '../../../shared/use-decision';
import { guestbookPagePath, type GuestbookSearch } from '../utils/guestbook-search';

export const guestbookEntriesQueryOptions = (search: GuestbookSearch) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.guestbookEntries, search],
    queryFn: ({ pageParam }: { readonly pageParam: string | null }) =>
      getJson<AdminGuestbookEntriesResponse>(guestbookPagePath(search, pageParam)),
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * The route's loader has fetched the list for the URL the screen opened with. When the owner
 * changes the filters the screen stays, showing the loading text in place of the list until
 * the new one comes, so the search box keeps its focus.
 */
export const useGuestbookEntries = (search: GuestbookSearch) =>
  useInfiniteQuery({ ...guestbookEntriesQueryOptions(search), placeholderData: keepPreviousData });

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

/** Approves or rejects the selected entries with one note; each succeeds or fails on its own. */
export const useBulkModerateGuestbookEntries = () =>
  useBulkDecision({
    decide: (ids, decision: GuestbookDecision) =>
      postJson<BulkDecisionResponse>('/api/admin/guestbook/bulk', {
        ids,
        isApproved: decision.isApproved,
        ...adminNotesField(decision.notes),
      }),
    approves: (decision) => decision.isApproved,
    list: queryKeys.guestbookEntries,
  });
