import { AUDIT_LOGS_REFRESH_MS } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';
import { pagedQueryOptions } from '../../../shared/review-queue';
import { auditLogFilters, type AuditLogSearch } from '../utils/audit-search';

/** Newest first, a page at a time (the log can hold thousands of events); refetched every 30 s. */
export const auditLogsQueryOptions = (search: AuditLogSearch) => ({
  ...pagedQueryOptions([...queryKeys.auditLogs, search], (before) =>
    api.call('listAuditEvents', { query: { ...auditLogFilters(search), ...(before === null ? {} : { before }) } }),
  ),
  refetchInterval: AUDIT_LOGS_REFRESH_MS,
});

/**
 * The route's loader has fetched the first page for the URL the screen opened with. When the
 * owner changes the filters the screen stays, with the loading text in place of the list until
 * the new one comes.
 */
export const useAuditLogs = (search: AuditLogSearch) =>
  useInfiniteQuery({ ...auditLogsQueryOptions(search), placeholderData: keepPreviousData });

/** The CSV export of what the filters select (every matching event, not only the pages shown). */
export const downloadAuditLogs = (search: AuditLogSearch) =>
  api.download('exportAuditEvents', { query: auditLogFilters(search) });
