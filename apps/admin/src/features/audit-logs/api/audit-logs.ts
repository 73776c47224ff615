import { AUDIT_LOGS_REFRESH_MS, type AuditLogsResponse } from '@memoir/shared';
import { getJson } from '@memoir/web-ui';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { auditLogsPagePath, type AuditLogSearch } from '../utils/audit-search';

/** Newest first, a page at a time (the log can hold thousands of events); refetched every 30 s. */
export const auditLogsQueryOptions = (search: AuditLogSearch) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.auditLogs, search],
    queryFn: ({ pageParam: before }: { readonly pageParam: string | null }) =>
      getJson<AuditLogsResponse>(auditLogsPagePath(search, before)),
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: AUDIT_LOGS_REFRESH_MS,
  });

/**
 * The route's loader has fetched the first page for the URL the screen opened with. When the
 * owner changes the filters the screen stays, with the loading text in place of the list until
 * the new one comes.
 */
export const useAuditLogs = (search: AuditLogSearch) =>
  useInfiniteQuery({ ...auditLogsQueryOptions(search), placeholderData: keepPreviousData });
