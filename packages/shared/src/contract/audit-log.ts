import { pageBefore, pageLimit } from './common';
import { Field } from './fields';

export class AuditLog {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('action') action!: string;
  @Field.text('resourceType') resourceType!: string;
  @Field.text('resourceId', { nullable: true }) resourceId!: string | null;
  @Field.text('userId', { format: 'uuid', nullable: true }) userId!: string | null;
  /** The acting admin's username (null: nobody known, or an admin since removed). */
  @Field.text('username', {
    nullable: true,
    description: "The acting admin's username; null when unknown or removed",
  })
  username!: string | null;
  @Field.anyObject({ nullable: true }) details!: Record<string, unknown> | null;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('ipAddress', { nullable: true }) ipAddress!: string | null;
  @Field.text('userAgent', { nullable: true }) userAgent!: string | null;
}

/** GET /api/admin/audit-logs' filters (the CSV export takes the same, without paging). */
export class AuditFilterQuery {
  @Field.text('action', {
    optional: true,
    description: 'One action (login, login_failed, logout, approve, reject, ...)',
  })
  action?: string;
  @Field.text('resourceType', {
    optional: true,
    description: 'One resource type (admin_session, admin_user, guestbook_entry, scholarship_request, ...)',
  })
  resourceType?: string;
  @Field.text('actor', { optional: true, description: "The acting admin's username" }) actor?: string;
  @Field.text('from', { optional: true, format: 'date-time', description: 'ISO 8601, inclusive' }) from?: string;
  @Field.text('to', { optional: true, format: 'date-time', description: 'ISO 8601, exclusive' }) to?: string;
  @Field.text('q', { optional: true, description: 'Text in the details, the resource id or the address' })
  q?: string;
}

export class AuditListQuery extends AuditFilterQuery {
  @pageLimit() limit?: number;
  @pageBefore() before?: string;
}

export class AuditLogsResponse {
  @Field.constant(true) success!: true;
  @Field.list(() => AuditLog) logs!: readonly AuditLog[];
  /** Pass as `before` to read the next (older) page; null on the last page. */
  @Field.text('nextCursor', { nullable: true }) nextCursor!: string | null;
}
