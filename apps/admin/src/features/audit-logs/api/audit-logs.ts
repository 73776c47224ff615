import { AUDIT_LOGS_REFRESH_MS, type AuditLogsResponse } from '@memoir/shared';
import { getJson } from '@memoir/web-ui';
import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

/** A page of the log: the newest without a cursor, older ones from the last page's `nextCursor`. */
const fetchAuditLogs = ({ pageParam: before }: { readonly pageParam: string | null }) =>
  getJson<AuditLogsResponse>(
    before === null ? '/api/admin/audit-logs' : `/api/admin/audit-logs?before=${encodeURIComponent(before)}`,
  );

/** Newest first, a page at a time (the log can hold thousands of events); refetched every 30 s. */
export const auditLogsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.auditLogs,
  queryFn: fetchAuditLogs,
  initialPageParam: null,
  getNextPageParam: (page) => page.nextCursor,
  refetchInterval: AUDIT_LOGS_REFRESH_MS,
});

/** The route's loader has fetched the first page: it is there from the first render. */
export const useAuditLogs = () => useSuspenseInfiniteQuery(auditLogsQueryOptions);
