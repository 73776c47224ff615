import { AUDIT_LOG_DEFAULT_PAGE_SIZE, AUDIT_LOG_MAX_PAGE_SIZE } from '@memoir/shared';

import { isUuid } from '../shared/id-generator';
import { err, ok, type Result } from '../shared/result';
import type { AuditEvent } from './audit-event';
import type { AuditCursor, AuditEventRepository } from './audit-event.repository';
import { AuditLogErrorCode, type AuditLogError } from './audit-log.errors';

export interface AuditLogPage {
  readonly events: AuditEvent[];
  /** Give as `before` to read the next, older page; null when this page is the last. */
  readonly nextCursor: string | null;
}

/** A cursor is the last event's time and id: `2026-11-21T10:00:00.000Z_<uuid>`. */
export function encodeAuditCursor(event: AuditCursor): string {
  return `${event.createdAt.toISOString()}_${event.id}`;
}

export function decodeAuditCursor(cursor: string): AuditCursor | null {
  const separator = cursor.indexOf('_');
  if (separator < 0) return null;
  const time = cursor.slice(0, separator);
  const id = cursor.slice(separator + 1);
  const createdAt = new Date(time);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(time) || Number.isNaN(createdAt.getTime())) return null;
  return isUuid(id) ? { createdAt, id: id.toLowerCase() } : null;
}

export function clampAuditPageSize(limit: number | null | undefined): number {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return AUDIT_LOG_DEFAULT_PAGE_SIZE;
  return Math.min(AUDIT_LOG_MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)));
}

/** The audit trail, newest first, a page at a time. */
export class ListAuditEventsUseCase {
  constructor(private readonly deps: { readonly auditEvents: AuditEventRepository }) {}

  async execute(
    input: { readonly limit?: number | null; readonly before?: string | null } = {},
  ): Promise<Result<AuditLogPage, AuditLogError>> {
    const limit = clampAuditPageSize(input.limit);
    let before: AuditCursor | undefined;
    if (input.before !== undefined && input.before !== null && input.before !== '') {
      const decoded = decodeAuditCursor(input.before);
      if (decoded === null) {
        return err({ code: AuditLogErrorCode.InvalidCursor, message: 'That page of the audit log does not exist.' });
      }
      before = decoded;
    }
    // One more than asked tells whether an older page exists, without a count query.
    const found = await this.deps.auditEvents.listNewestFirst(
      before === undefined ? { limit: limit + 1 } : { limit: limit + 1, before },
    );
    const events = found.slice(0, limit);
    const last = events[events.length - 1];
    return ok({ events, nextCursor: found.length > limit && last !== undefined ? encodeAuditCursor(last) : null });
  }
}
