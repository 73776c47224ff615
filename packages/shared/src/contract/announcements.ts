import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from '../limits';
import { Field } from './fields';

/* An announcement to the confirmed readers ("the paperback is out"), through the outbox. */

/** POST /api/admin/announcements. */
export class SendAnnouncementBody {
  @Field.text('Subject', { maxLength: ANNOUNCEMENT_LIMITS.subjectMaxLength, description: 'One line of plain text' })
  subject!: string;
  @Field.text('Text', {
    maxLength: ANNOUNCEMENT_LIMITS.textMaxLength,
    // Longer than the usual cap: a letter to the readers, which the use case measures.
    cap: ANNOUNCEMENT_LIMITS.textMaxLength,
    description: 'Plain text; blank lines part paragraphs. Each mail adds its own unsubscribe link.',
  })
  text!: string;
  @Field.boolean('Test', {
    optional: true,
    description: "true: one copy to the owner's address (OWNER_EMAIL) and nothing else",
  })
  test?: boolean;
}

export class AnnouncementQueued {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.count('recipients', {
    description: 'Mails queued: the confirmed readers whose address takes list mail (1 for a test)',
  })
  recipients!: number;
  @Field.oneOf('status', ANNOUNCEMENT_STATUSES) status!: AnnouncementStatus;
}

export class SendAnnouncementResponse {
  @Field.nested(() => AnnouncementQueued, { label: 'announcement' }) announcement!: AnnouncementQueued;
}

export class AnnouncementItem {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('subject') subject!: string;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('createdBy', { nullable: true, description: "The admin's username; null when the account is gone" })
  createdBy!: string | null;
  @Field.count('recipients', { description: 'Mails queued so far' }) recipients!: number;
  @Field.count('sent', { description: 'Mails the mail server took' }) sent!: number;
  @Field.count('notSent', {
    description: 'Mails not sent: the reader left or was suppressed before their turn, or every attempt failed',
  })
  notSent!: number;
  @Field.oneOf('status', ANNOUNCEMENT_STATUSES, {
    description: 'queued (none sent yet), sending, sent (none waits any more)',
  })
  status!: AnnouncementStatus;
}

/** GET /api/admin/announcements. */
export class AnnouncementsResponse {
  @Field.list(() => AnnouncementItem, { description: `Newest first, the last ${ANNOUNCEMENT_LIMITS.listed}` })
  announcements!: readonly AnnouncementItem[];
}
