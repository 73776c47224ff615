import { AUDIT_LOGS_REFRESH_MS, SCREEN_TEXTS, type AuditLogDto, type AuditLogsResponse } from '@memoir/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getQueryFn } from '@memoir/web-ui';

import { BackLink } from '../back-link';
import { actionBadge, actionIcon, resourceLabel, shortId, truncate } from './audit-format';

const ICONS = { session: '⏻', decision: '✓', other: '•' } as const;
const fetchPage = getQueryFn('throw');

function LogEntry({ log }: { readonly log: AuditLogDto }) {
  const badge = actionBadge(log.action);
  return (
    <li className="item log" data-testid="audit-log">
      <p className="item-head">
        <span className={`icon icon-${actionIcon(log.action)}`} aria-hidden="true">
          {ICONS[actionIcon(log.action)]}
        </span>
        <span className={`badge badge-${badge.toLowerCase()}`}>{badge}</span>{' '}
        <span className="resource">{resourceLabel(log.resourceType)}</span>
        {log.resourceId ? <code title={log.resourceId}> {shortId(log.resourceId)}</code> : null}
      </p>
      <p className="meta">
        {log.userId ? (
          <span>
            user <code title={log.userId}>{shortId(log.userId)}</code> ·{' '}
          </span>
        ) : null}
        <time dateTime={log.createdAt}>{new Date(log.createdAt).toLocaleString()}</time>
        {log.ipAddress ? <span> · {log.ipAddress}</span> : null}
        {log.userAgent ? <span title={log.userAgent}> · {truncate(log.userAgent)}</span> : null}
      </p>
      {log.details ? <pre className="details">{JSON.stringify(log.details, null, 2)}</pre> : null}
    </li>
  );
}

export function AuditLogsPage() {
  // Newest first, a page at a time (the log can hold thousands of events); refetched every 30 s.
  const query = useInfiniteQuery({
    queryKey: ['/api/admin/audit-logs'],
    queryFn: (context) =>
      fetchPage({
        ...context,
        queryKey: [
          context.pageParam === null
            ? '/api/admin/audit-logs'
            : `/api/admin/audit-logs?before=${encodeURIComponent(context.pageParam)}`,
        ],
      }) as Promise<AuditLogsResponse>,
    initialPageParam: null as string | null,
    getNextPageParam: (page: AuditLogsResponse) => page.nextCursor,
    refetchInterval: AUDIT_LOGS_REFRESH_MS,
  });
  const logs = query.data?.pages.flatMap((page) => page.logs) ?? [];
  return (
    <>
      <BackLink />
      <h1>{SCREEN_TEXTS.auditLogsTitle}</h1>
      <p>{SCREEN_TEXTS.auditLogsIntro}</p>
      {query.isLoading ? <p>{SCREEN_TEXTS.auditLogsLoading}</p> : null}
      {!query.isLoading && logs.length === 0 ? <p className="empty">{SCREEN_TEXTS.auditLogsEmpty}</p> : null}
      <ul className="items">
        {logs.map((log) => (
          <LogEntry key={log.id} log={log} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-ghost"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load older entries
        </button>
      ) : null}
    </>
  );
}
