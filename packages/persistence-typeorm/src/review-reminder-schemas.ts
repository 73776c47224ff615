import type { ReviewReminder } from '@memoir/domain';
import { EntitySchema } from 'typeorm';

import { OWN, time, uuidOf, type Mutable } from './schemas';

/*
 * The review reminders: one row per free-PDF request whose reminder was started, with its
 * answer link's hash and the answer. Alike on both kinds of database; kept apart from
 * schemas.ts, whose length is already explained.
 */

export type ReviewReminderRow = Mutable<ReviewReminder> & { tokenHash: string | null };

export const ReviewReminderSchema = new EntitySchema<ReviewReminderRow>({
  name: 'ReviewReminder',
  tableName: 'review_reminders',
  columns: {
    // The request's id is the key: a second start of one request's reminder is refused by the database.
    requestId: { ...uuidOf('request_id'), primary: true },
    queuedAt: time('queued_at'),
    sentAt: time('sent_at', true),
    tokenHash: { name: 'token_hash', type: 'varchar', length: OWN.linkTokenHash, nullable: true },
    answer: { type: 'varchar', length: OWN.word, nullable: true },
    answeredAt: time('answered_at', true),
  },
  // An answer link is found by its hash; the dashboard counts the answers along the same rows.
  uniques: [{ name: 'uq_review_reminders_token', columns: ['tokenHash'] }],
  foreignKeys: [
    {
      name: 'fk_review_reminders_request',
      target: 'ScholarshipRequest',
      columnNames: ['requestId'],
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    },
  ],
});
