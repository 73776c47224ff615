// Longer than 400 lines: every table's schema beside the column kinds they share, one section per
// capability, so a migration is checked against one file.
import type {
  AdminSession,
  AdminUser,
  AuditEvent,
  AuditSeal,
  Delivery,
  DeliveryEvent,
  GuestbookEntry,
  ScholarshipRequest,
  TwoFactorChallenge,
} from '@memoir/domain';
import {
  ADMIN_NOTES_MAX_LENGTH,
  ADMIN_USERNAME_MAX_LENGTH,
  AUDIT_USER_AGENT_MAX_LENGTH,
  DELIVERY_ERROR_MAX_LENGTH,
  DELIVERY_EVENT_DETAIL_MAX_LENGTH,
  GUESTBOOK_LIMITS,
  IP_ADDRESS_MAX_LENGTH,
  SCHOLARSHIP_LIMITS,
  type GuestbookEntryClass,
} from '@memoir/shared';
import { EntitySchema } from 'typeorm';
import type { EntitySchemaForeignKeyOptions } from 'typeorm/entity-schema/EntitySchemaForeignKeyOptions';

/**
 * The tables, mapped with EntitySchema so that the domain's types stay plain: no decorator,
 * no ORM import in the domain. Column lengths of what people write are the limits of
 * @memoir/shared, a last line of defence (MySQL counts characters, the limits count UTF-16
 * units, so anything the domain accepts fits); the migrations, which are history, are held to
 * them by test/sqlite-data-source.test.ts. Times are DATETIME(3) in UTC on MySQL and ISO-like
 * UTC text with milliseconds on SQLite. One section per capability, after the column kinds
 * they share.
 */

/** A row type: the domain's type without its `readonly`s, as TypeORM writes into rows. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Lengths of values the code makes itself, not limits people meet. */
export const OWN = {
  /** A UUID in text. */
  uuid: 36,
  /** 'pending', 'queued', 'approval' and the like. */
  word: 16,
  /** A guestbook entry's class: 'pending', 'approved', 'rejected'. */
  reviewClass: 8,
  /** An audit action or resource type, e.g. 'SCHOLARSHIP_APPROVE'. */
  auditWord: 50,
  /** An audit event's resource id, a delivery's dedupe key ("digest:YYYY-MM-DD"). */
  key: 64,
  /** An argon2id hash in PHC form. */
  passwordHash: 255,
  /** A session token's SHA-256 hash. */
  tokenHash: 128,
  /** A download link token's hash: SHA-256 in base64url, 43 characters. */
  linkTokenHash: 64,
  /** A SHA-256 hash in hex. */
  sha256: 64,
  /** A TOTP secret in base32: 20 bytes are 32 characters. */
  totpSecret: 64,
  /** An audit event's origin salt: 16 random bytes in hex. */
  salt: 32,
  /** 191 characters of utf8mb4 fit any InnoDB index; keys are "login:ip:<address>" and the like. */
  rateLimitKey: 191,
} as const;

export const id = { type: 'varchar', length: OWN.uuid, primary: true } as const;

export const time = (name: string, nullable = false) => ({ name, type: 'datetime', precision: 3, nullable }) as const;

/** A UUID naming a row of another table, in column `name`. */
export const uuidOf = (name: string, nullable = false) =>
  ({ name, type: 'varchar', length: OWN.uuid, nullable }) as const;

/** `column` names a row of `target` (by id); the row goes when that one does. */
function deletedWith(name: string, target: string, column: string): EntitySchemaForeignKeyOptions {
  return { name, target, columnNames: [column], referencedColumnNames: ['id'], onDelete: 'CASCADE' };
}

// Guestbook

/**
 * An entry and its class (pending, approved, rejected), derived by `classifyGuestbookEntry`
 * and kept in its own column by the repository, so that one class's newest entries are one
 * range of an index.
 */
export type GuestbookEntryRow = Mutable<GuestbookEntry> & { reviewClass: GuestbookEntryClass };

export const GuestbookEntrySchema = new EntitySchema<GuestbookEntryRow>({
  name: 'GuestbookEntry',
  tableName: 'guestbook_entries',
  columns: {
    id,
    name: { type: 'varchar', length: GUESTBOOK_LIMITS.nameMaxLength },
    location: { type: 'varchar', length: GUESTBOOK_LIMITS.locationMaxLength, nullable: true },
    message: { type: 'varchar', length: GUESTBOOK_LIMITS.messageMaxLength },
    createdAt: time('created_at'),
    isApproved: { name: 'is_approved', type: 'boolean', default: false },
    reviewedAt: time('reviewed_at', true),
    adminNotes: { name: 'admin_notes', type: 'varchar', length: ADMIN_NOTES_MAX_LENGTH, nullable: true },
    reviewClass: { name: 'review_class', type: 'varchar', length: OWN.reviewClass, default: 'pending' },
  },
  indices: [
    // The admin lists: one class, newest first, a page at a time.
    { name: 'idx_guestbook_entries_class_created', columns: ['reviewClass', 'createdAt', 'id'] },
    // The public list: approved only, newest first.
    { name: 'idx_guestbook_entries_approved_created', columns: ['isApproved', 'createdAt', 'id'] },
    // The admin list (newest first) and the dashboard's "created since".
    { name: 'idx_guestbook_entries_created', columns: ['createdAt', 'id'] },
    // The dashboard's pending count: not approved and never reviewed.
    { name: 'idx_guestbook_entries_pending', columns: ['isApproved', 'reviewedAt'] },
  ],
});

// Scholarships

export type ScholarshipRequestRow = Mutable<ScholarshipRequest>;

export const ScholarshipRequestSchema = new EntitySchema<ScholarshipRequestRow>({
  name: 'ScholarshipRequest',
  tableName: 'scholarship_requests',
  columns: {
    id,
    name: { type: 'varchar', length: SCHOLARSHIP_LIMITS.nameMaxLength },
    email: { type: 'varchar', length: SCHOLARSHIP_LIMITS.emailMaxLength },
    message: { type: 'varchar', length: SCHOLARSHIP_LIMITS.messageMaxLength, nullable: true },
    status: { type: 'varchar', length: OWN.word, default: 'pending' },
    adminNotes: { name: 'admin_notes', type: 'varchar', length: ADMIN_NOTES_MAX_LENGTH, nullable: true },
    createdAt: time('created_at'),
    decidedAt: time('decided_at', true),
    reviewReminder: { name: 'review_reminder', type: 'boolean', default: false },
  },
  indices: [
    { name: 'idx_scholarship_requests_created', columns: ['createdAt', 'id'] },
    // The admin lists by status (a page at a time), the dashboard's pending count, how many
    // are overdue and the oldest.
    { name: 'idx_scholarship_requests_status_created', columns: ['status', 'createdAt', 'id'] },
    // The review reminders that may be due: only the requests that asked, oldest first.
    { name: 'idx_scholarship_requests_review', columns: ['reviewReminder', 'createdAt', 'id'] },
  ],
});

// Admin accounts, sessions and the second step

export type AdminUserRow = Mutable<AdminUser>;
export type AdminSessionRow = Mutable<AdminSession>;
export type TwoFactorChallengeRow = Mutable<TwoFactorChallenge>;
export interface RecoveryCodeRow {
  id: string;
  userId: string;
  codeHash: string;
  createdAt: Date;
}

export const AdminUserSchema = new EntitySchema<AdminUserRow>({
  name: 'AdminUser',
  tableName: 'admin_users',
  columns: {
    id,
    username: { type: 'varchar', length: ADMIN_USERNAME_MAX_LENGTH },
    passwordHash: { name: 'password_hash', type: 'varchar', length: OWN.passwordHash },
    createdAt: time('created_at'),
    updatedAt: time('updated_at'),
    twoFactorEnabled: { name: 'two_factor_enabled', type: 'boolean', default: false },
    totpSecret: { name: 'totp_secret', type: 'varchar', length: OWN.totpSecret, nullable: true },
    totpLastStep: { name: 'totp_last_step', type: 'int', nullable: true },
  },
  uniques: [{ name: 'uq_admin_users_username', columns: ['username'] }],
});

/** An admin's unused recovery codes, as SHA-256 hashes (a used one is deleted). */
export const RecoveryCodeSchema = new EntitySchema<RecoveryCodeRow>({
  name: 'RecoveryCode',
  tableName: 'admin_recovery_codes',
  columns: {
    id,
    userId: uuidOf('user_id'),
    codeHash: { name: 'code_hash', type: 'varchar', length: OWN.sha256 },
    createdAt: time('created_at'),
  },
  indices: [{ name: 'idx_admin_recovery_codes_user_code', columns: ['userId', 'codeHash'], unique: true }],
  foreignKeys: [deletedWith('fk_admin_recovery_codes_user', 'AdminUser', 'userId')],
});

/** Pending second steps of sign-in: a challenge is taken (deleted) by its first use. */
export const TwoFactorChallengeSchema = new EntitySchema<TwoFactorChallengeRow>({
  name: 'TwoFactorChallenge',
  tableName: 'admin_login_challenges',
  columns: {
    id,
    userId: uuidOf('user_id'),
    tokenHash: { name: 'token_hash', type: 'varchar', length: OWN.tokenHash },
    createdAt: time('created_at'),
    expiresAt: time('expires_at'),
  },
  indices: [
    { name: 'idx_admin_login_challenges_token', columns: ['tokenHash'], unique: true },
    { name: 'idx_admin_login_challenges_user', columns: ['userId'] },
  ],
  foreignKeys: [deletedWith('fk_admin_login_challenges_user', 'AdminUser', 'userId')],
});

export const AdminSessionSchema = new EntitySchema<AdminSessionRow>({
  name: 'AdminSession',
  tableName: 'admin_sessions',
  columns: {
    id,
    userId: uuidOf('user_id'),
    tokenHash: { name: 'token_hash', type: 'varchar', length: OWN.tokenHash },
    createdAt: time('created_at'),
    lastSeenAt: time('last_seen_at'),
    expiresAt: time('expires_at'),
    ipAddress: { name: 'ip_address', type: 'varchar', length: IP_ADDRESS_MAX_LENGTH, nullable: true },
    userAgent: { name: 'user_agent', type: 'varchar', length: AUDIT_USER_AGENT_MAX_LENGTH, nullable: true },
  },
  uniques: [{ name: 'uq_admin_sessions_token_hash', columns: ['tokenHash'] }],
  indices: [{ name: 'idx_admin_sessions_user', columns: ['userId'] }],
  foreignKeys: [deletedWith('fk_admin_sessions_user', 'AdminUser', 'userId')],
});

// Audit log

export type AuditEventRow = Mutable<Omit<AuditEvent, 'details'>> &
  Mutable<AuditSeal> & { details: Record<string, unknown> | null };

/** The audit chain's last link: one row (id 1), locked by each append (docs/persistence.md). */
export interface AuditChainHeadRow {
  id: number;
  /** 0 while the trail is empty. */
  seq: number;
  hash: string;
}

export const AuditEventSchema = new EntitySchema<AuditEventRow>({
  name: 'AuditEvent',
  tableName: 'audit_events',
  columns: {
    id,
    action: { type: 'varchar', length: OWN.auditWord },
    resourceType: { name: 'resource_type', type: 'varchar', length: OWN.auditWord },
    resourceId: { name: 'resource_id', type: 'varchar', length: OWN.key, nullable: true },
    // No foreign key: the trail outlives the accounts it mentions.
    userId: uuidOf('user_id', true),
    details: { type: 'simple-json', nullable: true },
    ipAddress: { name: 'ip_address', type: 'varchar', length: IP_ADDRESS_MAX_LENGTH, nullable: true },
    userAgent: { name: 'user_agent', type: 'varchar', length: AUDIT_USER_AGENT_MAX_LENGTH, nullable: true },
    createdAt: time('created_at'),
    // The hash chain (packages/domain/src/audit-log/audit-chain.ts).
    seq: { type: 'int', default: 0 },
    prevHash: { name: 'prev_hash', type: 'varchar', length: OWN.sha256, default: '' },
    hash: { type: 'varchar', length: OWN.sha256, default: '' },
    originSalt: { name: 'origin_salt', type: 'varchar', length: OWN.salt, nullable: true },
    ipAddressDigest: { name: 'ip_address_digest', type: 'varchar', length: OWN.sha256, nullable: true },
    userAgentDigest: { name: 'user_agent_digest', type: 'varchar', length: OWN.sha256, nullable: true },
    detailsSalt: { name: 'details_salt', type: 'varchar', length: OWN.salt, nullable: true },
    detailsDigest: { name: 'details_digest', type: 'varchar', length: OWN.sha256, nullable: true },
  },
  indices: [
    // The chain's order: audit-verify reads it a page at a time; one event per position.
    { name: 'idx_audit_events_seq', columns: ['seq'], unique: true },
    { name: 'idx_audit_events_created', columns: ['createdAt', 'id'] },
    // The audit log filtered by action, resource type or actor, newest first.
    { name: 'idx_audit_events_action', columns: ['action', 'createdAt', 'id'] },
    { name: 'idx_audit_events_resource_type', columns: ['resourceType', 'createdAt', 'id'] },
    { name: 'idx_audit_events_user', columns: ['userId', 'createdAt', 'id'] },
  ],
});

export const AuditChainHeadSchema = new EntitySchema<AuditChainHeadRow>({
  name: 'AuditChainHead',
  tableName: 'audit_chain_head',
  columns: {
    id: { type: 'int', primary: true },
    seq: { type: 'int' },
    hash: { type: 'varchar', length: OWN.sha256 },
  },
});

// Deliveries

export type DeliveryRow = Mutable<Delivery>;

export const DeliverySchema = new EntitySchema<DeliveryRow>({
  name: 'Delivery',
  tableName: 'deliveries',
  columns: {
    id,
    kind: { type: 'varchar', length: OWN.word },
    requestId: uuidOf('request_id', true),
    entryId: uuidOf('entry_id', true),
    // "digest:YYYY-MM-DD": one digest a day, whichever process queues it first.
    dedupeKey: { name: 'dedupe_key', type: 'varchar', length: OWN.key, nullable: true },
    status: { type: 'varchar', length: OWN.word, default: 'queued' },
    attempts: { type: 'int', default: 0 },
    nextAttemptAt: time('next_attempt_at'),
    leaseUntil: time('lease_until', true),
    lastError: { name: 'last_error', type: 'varchar', length: DELIVERY_ERROR_MAX_LENGTH, nullable: true },
    sentAt: time('sent_at', true),
    linkTokenHash: { name: 'link_token_hash', type: 'varchar', length: OWN.linkTokenHash, nullable: true },
    linkExpiresAt: time('link_expires_at', true),
    downloadCount: { name: 'download_count', type: 'int', default: 0 },
    lastDownloadAt: time('last_download_at', true),
    revokedAt: time('revoked_at', true),
    createdAt: time('created_at'),
  },
  indices: [
    // The worker's claim: queued and due, oldest due first.
    { name: 'idx_deliveries_due', columns: ['status', 'nextAttemptAt', 'id'] },
    // A request's deliveries, oldest first (the admin app's delivery state).
    { name: 'idx_deliveries_request', columns: ['requestId', 'createdAt', 'id'] },
    { name: 'idx_deliveries_entry', columns: ['entryId'] },
    // The dashboard's free copies: the approvals' downloads, read from the index alone.
    { name: 'idx_deliveries_kind', columns: ['kind', 'requestId', 'downloadCount'] },
    { name: 'idx_deliveries_dedupe_key', columns: ['dedupeKey'], unique: true },
    // The download link's lookup.
    { name: 'idx_deliveries_link', columns: ['linkTokenHash'], unique: true },
  ],
  foreignKeys: [
    deletedWith('fk_deliveries_request', 'ScholarshipRequest', 'requestId'),
    deletedWith('fk_deliveries_entry', 'GuestbookEntry', 'entryId'),
  ],
});

export type DeliveryEventRow = Mutable<DeliveryEvent>;

/** A delivery's timeline beside what the delivery holds: failed attempts, bounces, the reader's page and downloads. */
export const DeliveryEventSchema = new EntitySchema<DeliveryEventRow>({
  name: 'DeliveryEvent',
  tableName: 'delivery_events',
  columns: {
    id,
    deliveryId: uuidOf('delivery_id'),
    kind: { type: 'varchar', length: OWN.word },
    at: time('at'),
    detail: { type: 'varchar', length: DELIVERY_EVENT_DETAIL_MAX_LENGTH, nullable: true },
  },
  // A delivery's events, oldest first (the timeline, and the cap's count).
  indices: [{ name: 'idx_delivery_events_delivery', columns: ['deliveryId', 'at', 'id'] }],
  foreignKeys: [deletedWith('fk_delivery_events_delivery', 'Delivery', 'deliveryId')],
});

// Rate limits and analytics

export interface RateLimitCounterRow {
  key: string;
  count: number;
  resetAt: Date;
}

export const RateLimitCounterSchema = new EntitySchema<RateLimitCounterRow>({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  columns: {
    key: { type: 'varchar', length: OWN.rateLimitKey, primary: true },
    count: { type: 'int' },
    resetAt: time('reset_at'),
  },
});

export interface EventCountRow {
  day: string;
  name: string;
  detail: string;
  count: number;
}

/** Daily totals of the counted events (no row per visit): the day, the event, its detail ('' for none). */
export const EventCountSchema = new EntitySchema<EventCountRow>({
  name: 'EventCount',
  tableName: 'event_counts',
  columns: {
    day: { type: 'varchar', length: 10, primary: true },
    name: { type: 'varchar', length: 32, primary: true },
    detail: { type: 'varchar', length: 100, primary: true },
    count: { type: 'int' },
  },
});

// Crackme

export interface CrackmeClaimRow {
  id: string;
  name: string;
  email: string;
  /** The address in lower case: one claim per address, whatever its case. */
  emailKey: string;
  createdAt: Date;
  prizeSentAt: Date | null;
}

export const CrackmeClaimSchema = new EntitySchema<CrackmeClaimRow>({
  name: 'CrackmeClaim',
  tableName: 'crackme_claims',
  columns: {
    id,
    name: { type: 'varchar', length: SCHOLARSHIP_LIMITS.nameMaxLength },
    email: { type: 'varchar', length: SCHOLARSHIP_LIMITS.emailMaxLength },
    emailKey: { name: 'email_key', type: 'varchar', length: SCHOLARSHIP_LIMITS.emailMaxLength },
    createdAt: time('created_at'),
    prizeSentAt: time('prize_sent_at', true),
  },
  uniques: [{ name: 'uq_crackme_claims_email_key', columns: ['emailKey'] }],
  indices: [{ name: 'idx_crackme_claims_created', columns: ['createdAt', 'id'] }],
});

// Suppressions

export interface SuppressionRow {
  /** The address in lower case. */
  email: string;
  reason: string;
  at: Date;
}

/** The addresses that bounced hard or complained: one row an address. */
export const SuppressionSchema = new EntitySchema<SuppressionRow>({
  name: 'Suppression',
  tableName: 'suppressions',
  columns: {
    email: { type: 'varchar', length: SCHOLARSHIP_LIMITS.emailMaxLength, primary: true },
    reason: { type: 'varchar', length: 16 },
    at: time('suppressed_at'),
  },
  indices: [{ name: 'idx_suppressions_at', columns: ['at'] }],
});

/** The tables every database kind describes alike (the site content's differ: site-content-schemas.ts). */
export const COMMON_SCHEMAS = [
  GuestbookEntrySchema,
  ScholarshipRequestSchema,
  AdminUserSchema,
  AdminSessionSchema,
  RecoveryCodeSchema,
  TwoFactorChallengeSchema,
  AuditEventSchema,
  AuditChainHeadSchema,
  RateLimitCounterSchema,
  DeliverySchema,
  DeliveryEventSchema,
  EventCountSchema,
  CrackmeClaimSchema,
  SuppressionSchema,
];

/** The tables every database kind describes alike (the site content's do not: site-content-schemas.ts). */
