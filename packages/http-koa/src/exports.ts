import type { AuditEvent, GuestbookEntry, ScholarshipRequestWithDelivery } from '@memoir/domain';
import { classifyGuestbookEntry } from '@memoir/shared';

import type { CsvValue } from './csv';

/** The columns of each CSV export: the list's fields, times in ISO 8601 (UTC). */
export const GUESTBOOK_CSV_HEADER = [
  'id',
  'createdAt',
  'class',
  'name',
  'location',
  'message',
  'reviewedAt',
  'adminNotes',
] as const;

export const guestbookCsvRow = (entry: GuestbookEntry): CsvValue[] => [
  entry.id,
  entry.createdAt,
  classifyGuestbookEntry(entry),
  entry.name,
  entry.location,
  entry.message,
  entry.reviewedAt,
  entry.adminNotes,
];

export const SCHOLARSHIP_CSV_HEADER = [
  'id',
  'createdAt',
  'status',
  'name',
  'email',
  'message',
  'decidedAt',
  'adminNotes',
  'emailStatus',
  'downloads',
] as const;

export const scholarshipCsvRow = (request: ScholarshipRequestWithDelivery): CsvValue[] => [
  request.id,
  request.createdAt,
  request.status,
  request.name,
  request.email,
  request.message,
  request.decidedAt,
  request.adminNotes,
  request.delivery?.status ?? null,
  request.delivery?.downloadCount ?? null,
];

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
