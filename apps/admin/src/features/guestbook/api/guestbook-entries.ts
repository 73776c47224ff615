import { TOASTS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import {
  adminNotesField,
  pagedQueryOptions,
  queueSearch,
  type QueueDecisions,
  type QueueSearch,
} from '../../../shared/review-queue';

/** The screen's filters, kept in the URL: `/admin/guestbook?class=approved&q=berlin`. */
export const guestbookSearch = queueSearch('class');
export type GuestbookSearch = QueueSearch<'class'>;

export const guestbookEntriesQueryOptions = (search: GuestbookSearch) =>
  pagedQueryOptions([...queryKeys.guestbookEntries, search], (before) =>
    api.call('listGuestbookEntries', { query: guestbookSearch.pageQuery(search, before) }),
  );

/**
 * The route's loader has fetched the list for the URL the screen opened with. When the owner
 * changes the filters the screen stays, showing the loading text in place of the list until
 * the new one comes, so the search box keeps its focus.
 */
export const useGuestbookEntries = (search: GuestbookSearch) =>
  useInfiniteQuery({ ...guestbookEntriesQueryOptions(search), placeholderData: keepPreviousData });

/** The CSV export of what the filters select. */
export const downloadGuestbookEntries = (search: GuestbookSearch) =>
  api.download('exportGuestbookEntries', { query: guestbookSearch.csvQuery(search) });

/** Approving or rejecting entries, one (with its own notes) or the selected ones (with one note). */
export const GUESTBOOK_DECISIONS: QueueDecisions = {
  list: queryKeys.guestbookEntries,
  decide: (id, { approve, notes }) =>
    api.call('moderateGuestbookEntry', { params: { id }, body: { isApproved: approve, ...adminNotesField(notes) } }),
  decideMany: (ids, { approve, notes }) =>
    api.call('bulkModerateGuestbookEntries', {
      body: { ids: [...ids], isApproved: approve, ...adminNotesField(notes) },
    }),
  messages: { success: TOASTS.guestbookEntryUpdated, failure: TOASTS.guestbookEntryUpdateFailed },
};
