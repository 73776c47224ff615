import type { Announcement, Reader, ReaderToken } from '@memoir/domain';
import { ANNOUNCEMENT_LIMITS, AUDIT_USER_AGENT_MAX_LENGTH, IP_ADDRESS_MAX_LENGTH, READER_LIMITS } from '@memoir/shared';
import { EntitySchema } from 'typeorm';

import { id, OWN, time, uuidOf, type Mutable } from './schemas';

/*
 * The reader list: the readers with their consent records, and their links' hashes. Alike on
 * both kinds of database; kept apart from schemas.ts, whose length is already explained.
 */

export type ReaderRow = Mutable<Reader>;
export type ReaderTokenRow = Mutable<ReaderToken>;

/** The longest text of a consent version: a box's words are one sentence. */
export const CONSENT_TEXT_MAX_LENGTH = 500;

const userAgent = (name: string) =>
  ({ name, type: 'varchar', length: AUDIT_USER_AGENT_MAX_LENGTH, nullable: true }) as const;
const ip = (name: string) => ({ name, type: 'varchar', length: IP_ADDRESS_MAX_LENGTH, nullable: true }) as const;

export const ReaderSchema = new EntitySchema<ReaderRow>({
  name: 'Reader',
  tableName: 'readers',
  columns: {
    id,
    email: { type: 'varchar', length: READER_LIMITS.emailMaxLength },
    emailKey: { name: 'email_key', type: 'varchar', length: READER_LIMITS.emailMaxLength },
    name: { type: 'varchar', length: READER_LIMITS.nameMaxLength, nullable: true },
    status: { type: 'varchar', length: OWN.word },
    source: { type: 'varchar', length: OWN.word },
    consentVersion: { name: 'consent_version', type: 'int' },
    consentText: { name: 'consent_text', type: 'varchar', length: CONSENT_TEXT_MAX_LENGTH },
    signedUpAt: time('signed_up_at'),
    signUpIp: ip('sign_up_ip'),
    signUpUserAgent: userAgent('sign_up_user_agent'),
    confirmedAt: time('confirmed_at', true),
    confirmIp: ip('confirm_ip'),
    confirmUserAgent: userAgent('confirm_user_agent'),
    unsubscribedAt: time('unsubscribed_at', true),
    unsubscribedBy: { name: 'unsubscribed_by', type: 'varchar', length: OWN.word, nullable: true },
    confirmationsSent: { name: 'confirmations_sent', type: 'int', default: 0 },
    lastConfirmationAt: time('last_confirmation_at', true),
  },
  uniques: [{ name: 'uq_readers_email_key', columns: ['emailKey'] }],
  // Retention's unconfirmed sign-ups and the owner's list by status, newest first; the whole
  // list newest first; the confirmations of the last weeks (growth).
  indices: [
    { name: 'idx_readers_status_signed_up', columns: ['status', 'signedUpAt', 'id'] },
    { name: 'idx_readers_signed_up', columns: ['signedUpAt', 'id'] },
    { name: 'idx_readers_confirmed', columns: ['confirmedAt'] },
  ],
});

export const ReaderTokenSchema = new EntitySchema<ReaderTokenRow>({
  name: 'ReaderToken',
  tableName: 'reader_tokens',
  columns: {
    tokenHash: { name: 'token_hash', type: 'varchar', length: OWN.linkTokenHash, primary: true },
    readerId: uuidOf('reader_id'),
    purpose: { type: 'varchar', length: OWN.word },
    createdAt: time('created_at'),
    expiresAt: time('expires_at', true),
    usedAt: time('used_at', true),
  },
  indices: [{ name: 'idx_reader_tokens_reader', columns: ['readerId'] }],
  foreignKeys: [
    {
      name: 'fk_reader_tokens_reader',
      target: 'Reader',
      columnNames: ['readerId'],
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    },
  ],
});

export type AnnouncementRow = Mutable<Announcement>;

/**
 * An announcement's words and how far its queuing went; its mails are deliveries (their
 * dedupeKeys name it). The text is `text` on both databases: ANNOUNCEMENT_LIMITS.textMaxLength
 * characters of utf8mb4 stay within MySQL's 65,535 bytes.
 */
export const AnnouncementSchema = new EntitySchema<AnnouncementRow>({
  name: 'Announcement',
  tableName: 'announcements',
  columns: {
    id,
    subject: { type: 'varchar', length: ANNOUNCEMENT_LIMITS.subjectMaxLength },
    text: { type: 'text' },
    createdAt: time('created_at'),
    createdBy: uuidOf('created_by'),
    test: { type: 'boolean', default: false },
    queuedCount: { name: 'queued_count', type: 'int', default: 0 },
    queuedThrough: uuidOf('queued_through', true),
    queuedAt: time('queued_at', true),
  },
  // The owner's list, newest first; the worker's look for queuing a crash cut short.
  indices: [
    { name: 'idx_announcements_created', columns: ['createdAt', 'id'] },
    { name: 'idx_announcements_queued', columns: ['queuedAt'] },
  ],
});

export const READER_SCHEMAS = [ReaderSchema, ReaderTokenSchema, AnnouncementSchema];
