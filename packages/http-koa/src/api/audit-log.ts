import type { AuditEvent } from '@memoir/domain';
import type { AuditLog } from '@memoir/shared';

import { sendCsv, type CsvValue } from '../csv';
import { fitPage } from '../page-budget';
import { LIST_ERRORS, orFail } from './calls';
import type { Capability } from './route-spec';

/* The audit trail, read by the owner: a page at a time, or every matching event as CSV. */

export const presentAuditEvent = (event: AuditEvent, usernames: ReadonlyMap<string, string> = new Map()): AuditLog => ({
  id: event.id,
  action: event.action,
  resourceType: event.resourceType,
  resourceId: event.resourceId,
  userId: event.userId,
  username: event.userId === null ? null : (usernames.get(event.userId) ?? null),
  details: event.details === null ? null : { ...event.details },
  createdAt: event.createdAt.toISOString(),
  ipAddress: event.ipAddress,
  userAgent: event.userAgent,
});

export const AUDIT_CSV_HEADER = [
  'id',
  'createdAt',
  'action',
  'resourceType',
  'resourceId',
  'userId',
  'ipAddress',
  'userAgent',
  'details',
] as const;

export const auditCsvRow = (event: AuditEvent): CsvValue[] => [
  event.id,
  event.createdAt,
  event.action,
  event.resourceType,
  event.resourceId,
  event.userId,
  event.ipAddress,
  event.userAgent,
  event.details === null ? null : JSON.stringify(event.details),
];

export const auditLogRoutes: Capability<'listAuditEvents' | 'exportAuditEvents'> = ({ useCases }) => ({
  listAuditEvents: {
    summary: 'The audit trail, newest first, a page at a time, filtered',
    answered: 'A page (at most 64 KB of JSON)',
    errors: LIST_ERRORS,
    handle: async ({ query }) => {
      const { events, nextCursor } = orFail(await useCases.listAuditEvents.execute(query));
      // Each admin's own name: the admins are few, read whole.
      const usernames = new Map((await useCases.manageAdmins.list()).map((admin) => [admin.id, admin.username]));
      const fitted = fitPage(events, [], nextCursor, (event) => presentAuditEvent(event, usernames));
      return { success: true, logs: fitted.items, nextCursor: fitted.nextCursor };
    },
  },
  exportAuditEvents: {
    summary: 'The audit trail as CSV, with the same filters, every matching event (no paging)',
    csv: 'event',
    errors: LIST_ERRORS,
    handle: async ({ ctx, query }) => {
      const rows = orFail(await useCases.listAuditEvents.exportAll(query));
      sendCsv(ctx, 'audit-log', AUDIT_CSV_HEADER, rows, auditCsvRow);
    },
  },
});
