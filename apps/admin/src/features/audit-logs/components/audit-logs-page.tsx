import { SCREEN_TEXTS, type AuditLog } from '@memoir/shared';
import { CircleDotIcon, GavelIcon, PowerIcon } from '@memoir/web-ui';
import { Fragment } from 'react';

import { useNavigate, useSearch } from '@tanstack/react-router';

import { DownloadCsvButton } from '../../../shared/download-csv';
import { NothingMatches } from '../../../shared/filtered-results';
import { ListPending, LoadMore, RefreshError } from '../../../shared/load-error';
import { ScreenHeader, type ScreenTexts } from '../../../shared/screen';
import { When } from '../../../shared/when';
import { downloadAuditLogs, useAuditLogs } from '../api/audit-logs';
import type { AuditLogSearch } from '../utils/audit-search';
import { AuditFilters } from './audit-filters';
import {
  actionBadge,
  actionFailed,
  actionIcon,
  detailsParts,
  resourceLabel,
  shortId,
  truncate,
} from '../utils/audit-format';

export const AUDIT_LOGS_SCREEN: ScreenTexts = {
  title: SCREEN_TEXTS.auditLogsTitle,
  loading: SCREEN_TEXTS.auditLogsLoading,
  loadFailed: 'Could not load the audit logs.',
  backLink: true,
};

const ICONS = { session: PowerIcon, decision: GavelIcon, other: CircleDotIcon } as const;

/** The details, pretty-printed; each string in them isolated, so none can reorder the rest. */
function Details({ details }: { readonly details: NonNullable<AuditLog['details']> }) {
  return (
    <pre className="details">
      {detailsParts(details).map((part, index) =>
        part.isString ? <bdi key={index}>{part.text}</bdi> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </pre>
  );
}

function LogEntry({ log }: { readonly log: AuditLog }) {
  const badge = actionBadge(log.action);
  const failed = actionFailed(log.action);
  const kind = actionIcon(log.action);
  const Icon = ICONS[kind];
  return (
    <li className={failed ? 'item log log-failed' : 'item log'} data-testid="audit-log">
      <p className="item-head">
        <span className={`icon icon-${kind}`}>
          <Icon />
        </span>
        <span className={`badge badge-${badge.toLowerCase()}`}>{badge}</span>{' '}
        {failed ? <span className="badge badge-failed">FAILED</span> : null}{' '}
        <span className="resource">{resourceLabel(log.resourceType)}</span>
        {log.resourceId ? <code title={log.resourceId}> {shortId(log.resourceId)}</code> : null}
      </p>
      <p className="meta">
        {log.userId ? (
          <span>
            user{' '}
            {log.username ? (
              <bdi title={log.userId} data-testid="audit-username">
                {log.username}
              </bdi>
            ) : (
              <code title={log.userId}>{shortId(log.userId)}</code>
            )}{' '}
            ·{' '}
          </span>
        ) : null}
        <When iso={log.createdAt} />
        {log.ipAddress ? (
          <span>
            {' · '}
            <bdi>{log.ipAddress}</bdi>
          </span>
        ) : null}
        {log.userAgent ? (
          <span title={log.userAgent}>
            {' · '}
            <bdi>{truncate(log.userAgent)}</bdi>
          </span>
        ) : null}
      </p>
      {log.details ? <Details details={log.details} /> : null}
    </li>
  );
}

/** The log for the URL's filters, newest first, with "Load more" while there are older events. */
function AuditLogList({ search }: { readonly search: AuditLogSearch }) {
  const navigate = useNavigate({ from: '/logs' });
  const query = useAuditLogs(search);
  if (query.data === undefined || query.isPlaceholderData) {
    return <ListPending screen={AUDIT_LOGS_SCREEN} query={query} />;
  }
  const logs = query.data.pages.flatMap((page) => page.logs);
  const filtered = Object.keys(search).length > 0;
  return (
    <>
      <RefreshError query={query} title="Could not refresh the audit logs." />
      {logs.length === 0 ? (
        <>
          <p className="empty">{SCREEN_TEXTS.auditLogsEmpty}</p>
          {filtered ? <NothingMatches what="these filters" onClear={() => void navigate({ search: {} })} /> : null}
        </>
      ) : null}
      <ul className="items">
        {logs.map((log) => (
          <LogEntry key={log.id} log={log} />
        ))}
      </ul>
      <LoadMore query={query} what="entries" />
    </>
  );
}

export function AuditLogsPage() {
  const search = useSearch({ from: '/authed/logs' });
  const navigate = useNavigate({ from: '/logs' });
  return (
    <>
      <ScreenHeader screen={AUDIT_LOGS_SCREEN} />
      <p>{SCREEN_TEXTS.auditLogsIntro}</p>
      <div className="toolbar">
        <AuditFilters search={search} onApply={(filters) => void navigate({ search: filters })} />
        <DownloadCsvButton download={() => downloadAuditLogs(search)} fallbackName="audit-log.csv" />
      </div>
      <AuditLogList search={search} />
    </>
  );
}
