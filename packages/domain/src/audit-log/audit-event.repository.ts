import type { AuditEvent } from './audit-event';

/** Where a page of the audit log starts: strictly older than this event. */
export interface AuditCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** Port: the append-only audit trail. There is deliberately no update and no delete. */
export interface AuditEventRepository {
  append(event: AuditEvent): Promise<void>;

  /**
   * At most `limit` events, newest first (createdAt descending, then id descending). With
   * `before`, only events strictly after it in that order (older, or as old with a lower id).
   */
  listNewestFirst(options: { limit: number; before?: AuditCursor }): Promise<AuditEvent[]>;
}
