import type { AdminSession, AdminUser, AuditEvent, Delivery, GuestbookEntry, ScholarshipRequest } from '@memoir/domain';
import { EntitySchema } from 'typeorm';

/**
 * The tables, mapped with EntitySchema so that the domain's types stay plain: no decorator,
 * no ORM import in the domain. Column lengths repeat the limits of @memoir/shared as a last
 * line of defence (MySQL counts characters, the limits count UTF-16 units, so anything the
 * domain accepts fits). Times are DATETIME(3) in UTC on MySQL and ISO-like UTC text with
 * milliseconds on SQLite.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type GuestbookEntryRow = Mutable<GuestbookEntry>;
export type ScholarshipRequestRow = Mutable<ScholarshipRequest>;
export type AdminUserRow = Mutable<AdminUser>;
export type AdminSessionRow = Mutable<AdminSession>;
export type DeliveryRow = Mutable<Delivery>;
export type AuditEventRow = Mutable<Omit<AuditEvent, 'details'>> & { details: Record<string, unknown> | null };
export interface RateLimitCounterRow {
  key: string;
  count: number;
  resetAt: Date;
}

const id = { type: 'varchar', length: 36, primary: true } as const;
const time = (name: string, nullable = false) => ({ name, type: 'datetime', precision: 3, nullable }) as const;

export const GuestbookEntrySchema = new EntitySchema<GuestbookEntryRow>({
  name: 'GuestbookEntry',
  tableName: 'guestbook_entries',
  columns: {
    id,
    name: { type: 'varchar', length: 50 },
    location: { type: 'varchar', length: 50, nullable: true },
    message: { type: 'varchar', length: 500 },
    createdAt: time('created_at'),
    isApproved: { name: 'is_approved', type: 'boolean', default: false },
    reviewedAt: time('reviewed_at', true),
    adminNotes: { name: 'admin_notes', type: 'varchar', length: 1000, nullable: true },
  },
  indices: [
    // The public list: approved only, newest first.
    { name: 'idx_guestbook_entries_approved_created', columns: ['isApproved', 'createdAt', 'id'] },
    // The admin list (newest first) and the dashboard's "created since".
    { name: 'idx_guestbook_entries_created', columns: ['createdAt', 'id'] },
    // The dashboard's pending count: not approved and never reviewed.
    { name: 'idx_guestbook_entries_pending', columns: ['isApproved', 'reviewedAt'] },
  ],
});

export const ScholarshipRequestSchema = new EntitySchema<ScholarshipRequestRow>({
  name: 'ScholarshipRequest',
  tableName: 'scholarship_requests',
  columns: {
    id,
    name: { type: 'varchar', length: 100 },
    email: { type: 'varchar', length: 254 },
    message: { type: 'varchar', length: 2000, nullable: true },
    status: { type: 'varchar', length: 16, default: 'pending' },
    adminNotes: { name: 'admin_notes', type: 'varchar', length: 1000, nullable: true },
    createdAt: time('created_at'),
    decidedAt: time('decided_at', true),
  },
  indices: [
    { name: 'idx_scholarship_requests_created', columns: ['createdAt', 'id'] },
    // The dashboard's pending count, how many are overdue and the oldest.
    { name: 'idx_scholarship_requests_status_created', columns: ['status', 'createdAt'] },
  ],
});

export const AdminUserSchema = new EntitySchema<AdminUserRow>({
  name: 'AdminUser',
  tableName: 'admin_users',
  columns: {
    id,
    username: { type: 'varchar', length: 50 },
    passwordHash: { name: 'password_hash', type: 'varchar', length: 255 },
    createdAt: time('created_at'),
    updatedAt: time('updated_at'),
  },
  uniques: [{ name: 'uq_admin_users_username', columns: ['username'] }],
});

export const AdminSessionSchema = new EntitySchema<AdminSessionRow>({
  name: 'AdminSession',
  tableName: 'admin_sessions',
  columns: {
    id,
    userId: { name: 'user_id', type: 'varchar', length: 36 },
    tokenHash: { name: 'token_hash', type: 'varchar', length: 128 },
    createdAt: time('created_at'),
    lastSeenAt: time('last_seen_at'),
    expiresAt: time('expires_at'),
  },
  uniques: [{ name: 'uq_admin_sessions_token_hash', columns: ['tokenHash'] }],
  indices: [{ name: 'idx_admin_sessions_user', columns: ['userId'] }],
  foreignKeys: [
    {
      name: 'fk_admin_sessions_user',
      target: 'AdminUser',
      columnNames: ['userId'],
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    },
  ],
});

export const AuditEventSchema = new EntitySchema<AuditEventRow>({
  name: 'AuditEvent',
  tableName: 'audit_events',
  columns: {
    id,
    action: { type: 'varchar', length: 50 },
    resourceType: { name: 'resource_type', type: 'varchar', length: 50 },
    resourceId: { name: 'resource_id', type: 'varchar', length: 64, nullable: true },
    // No foreign key: the trail outlives the accounts it mentions.
    userId: { name: 'user_id', type: 'varchar', length: 36, nullable: true },
    details: { type: 'simple-json', nullable: true },
    ipAddress: { name: 'ip_address', type: 'varchar', length: 45, nullable: true },
    userAgent: { name: 'user_agent', type: 'varchar', length: 512, nullable: true },
    createdAt: time('created_at'),
  },
  indices: [{ name: 'idx_audit_events_created', columns: ['createdAt', 'id'] }],
});

export const RateLimitCounterSchema = new EntitySchema<RateLimitCounterRow>({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  columns: {
    // 191 characters of utf8mb4 fit any InnoDB index; keys are "login:ip:<address>" and the like.
    key: { type: 'varchar', length: 191, primary: true },
    count: { type: 'int' },
    resetAt: time('reset_at'),
  },
});

export const DeliverySchema = new EntitySchema<DeliveryRow>({
  name: 'Delivery',
  tableName: 'deliveries',
  columns: {
    id,
    kind: { type: 'varchar', length: 16 },
    requestId: { name: 'request_id', type: 'varchar', length: 36, nullable: true },
    entryId: { name: 'entry_id', type: 'varchar', length: 36, nullable: true },
    // "digest:YYYY-MM-DD": one digest a day, whichever process queues it first.
    dedupeKey: { name: 'dedupe_key', type: 'varchar', length: 64, nullable: true },
    status: { type: 'varchar', length: 16, default: 'queued' },
    attempts: { type: 'int', default: 0 },
    nextAttemptAt: time('next_attempt_at'),
    leaseUntil: time('lease_until', true),
    lastError: { name: 'last_error', type: 'varchar', length: 1000, nullable: true },
    sentAt: time('sent_at', true),
    // sha256 in base64url: 43 characters.
    linkTokenHash: { name: 'link_token_hash', type: 'varchar', length: 64, nullable: true },
    linkExpiresAt: time('link_expires_at', true),
    downloadCount: { name: 'download_count', type: 'int', default: 0 },
    createdAt: time('created_at'),
  },
  indices: [
    // The worker's claim: queued and due, oldest due first.
    { name: 'idx_deliveries_due', columns: ['status', 'nextAttemptAt', 'id'] },
    // A request's deliveries, oldest first (the admin app's delivery state).
    { name: 'idx_deliveries_request', columns: ['requestId', 'createdAt', 'id'] },
    { name: 'idx_deliveries_entry', columns: ['entryId'] },
    { name: 'idx_deliveries_dedupe_key', columns: ['dedupeKey'], unique: true },
    // The download link's lookup.
    { name: 'idx_deliveries_link', columns: ['linkTokenHash'], unique: true },
  ],
  foreignKeys: [
    {
      name: 'fk_deliveries_request',
      target: 'ScholarshipRequest',
      columnNames: ['requestId'],
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    },
    {
      name: 'fk_deliveries_entry',
      target: 'GuestbookEntry',
      columnNames: ['entryId'],
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    },
  ],
});

export const ENTITY_SCHEMAS = [
  GuestbookEntrySchema,
  ScholarshipRequestSchema,
  AdminUserSchema,
  AdminSessionSchema,
  AuditEventSchema,
  RateLimitCounterSchema,
  DeliverySchema,
];
