import { READER_WEBHOOK_ERROR_MAX_LENGTH, type ReaderWebhook } from '@memoir/domain';
import { READER_LIMITS } from '@memoir/shared';
import { EntitySchema } from 'typeorm';

import { id, OWN, time, type Mutable } from './schemas';

/*
 * The readers' events waiting for the owner's webhook (READERS_WEBHOOK_URL): a small outbox
 * written in the transaction of the change it reports. Alike on both kinds of database; kept
 * apart from schemas.ts, whose length is already explained.
 */

export type ReaderWebhookRow = Mutable<ReaderWebhook>;

/** `reader.unsubscribed` is 19 characters. */
const TYPE_LENGTH = 32;

export const ReaderWebhookSchema = new EntitySchema<ReaderWebhookRow>({
  name: 'ReaderWebhook',
  tableName: 'reader_webhooks',
  columns: {
    id,
    type: { type: 'varchar', length: TYPE_LENGTH },
    emailKey: { name: 'email_key', type: 'varchar', length: READER_LIMITS.emailMaxLength },
    // A few hundred bytes of JSON; `text` on both databases.
    body: { type: 'text' },
    status: { type: 'varchar', length: OWN.word },
    attempts: { type: 'int', default: 0 },
    nextAttemptAt: time('next_attempt_at'),
    leaseUntil: time('lease_until', true),
    lastError: { name: 'last_error', type: 'varchar', length: READER_WEBHOOK_ERROR_MAX_LENGTH, nullable: true },
    createdAt: time('created_at'),
    failedAt: time('failed_at', true),
  },
  // The worker's claim (pending, due first) and retention's given-up rows; a person's rows by address.
  indices: [
    { name: 'idx_reader_webhooks_due', columns: ['status', 'nextAttemptAt'] },
    { name: 'idx_reader_webhooks_email', columns: ['emailKey'] },
  ],
});
