import { SCHOLARSHIP_LIMITS } from '../limits';
import { Field } from './fields';

/* A person's data: what erasing it would remove, and the erasure. */

/** The address travels in the body, never in a URL: URLs end up in logs and histories. */
export class ErasureBody {
  @Field.text('Email', { format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength }) email!: string;
}

/** One count of an erasure, with what it counts. */
const counted = (description: string) => Field.count('count', { description });

/** What an erasure removed (or, previewed, would remove), as counts only. */
export class ErasureCounts {
  @counted('Requests made with the address: they lose the person') requests!: number;
  @counted('Of those, pending ones closed as rejected (without an email)') pendingClosed!: number;
  @counted('Emails about them that lost a download link or an error') deliveries!: number;
  @counted('Audit events about them that lost their details') auditEvents!: number;
  @counted('Crackme prize claims that lost the person') crackmeClaims!: number;
  @counted("The address's suppression (a hard bounce or a complaint) that went") suppressions!: number;
  @counted("The address's place on the reader list, with its consent record and links") readers!: number;
  @counted('Copies of emails in the outbox folder that mention the address') sentEmails!: number;
}

export class ErasureResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => ErasureCounts) counts!: ErasureCounts;
}

/**
 * GET /api/admin/personal-data's query. A GET's only input is its URL: the server's request log
 * writes the path without the query, and the admin app fetches it (never a link), so the
 * address stays out of the browser's history.
 */
export class PersonalDataQuery {
  @Field.text('Email', { format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength }) email!: string;
}

/* What is held about one person: the same JSON as `pnpm admin export-person` prints. */

export class ExportedRequest {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('name') name!: string;
  @Field.text('email', { format: 'email' }) email!: string;
  @Field.text('message', { nullable: true }) message!: string | null;
  @Field.oneOf('status', ['pending', 'approved', 'rejected']) status!: 'pending' | 'approved' | 'rejected';
  @Field.text('adminNotes', { nullable: true }) adminNotes!: string | null;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('decidedAt', { format: 'date-time', nullable: true }) decidedAt!: string | null;
}

export class ExportedEmail {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('requestId', { format: 'uuid', nullable: true }) requestId!: string | null;
  @Field.text('kind', {
    description: 'approval, rejection or review_reminder (an email about a request)',
  })
  kind!: string;
  @Field.oneOf('status', ['queued', 'sent', 'failed']) status!: 'queued' | 'sent' | 'failed';
  @Field.count('attempts') attempts!: number;
  @Field.count('downloadCount') downloadCount!: number;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('sentAt', { format: 'date-time', nullable: true }) sentAt!: string | null;
  @Field.text('linkExpiresAt', { format: 'date-time', nullable: true }) linkExpiresAt!: string | null;
  @Field.list(() => ExportedEmailEvent, {
    description:
      'What was recorded of it (failed attempts, bounces, complaints, the page opened, downloads), oldest first',
  })
  events!: readonly ExportedEmailEvent[];
}

export class ExportedEmailEvent {
  @Field.oneOf('kind', ['attempt_failed', 'soft_bounce', 'hard_bounce', 'complaint', 'opened', 'downloaded'])
  kind!: 'attempt_failed' | 'soft_bounce' | 'hard_bounce' | 'complaint' | 'opened' | 'downloaded';
  @Field.text('at', { format: 'date-time' }) at!: string;
  @Field.text('detail', { nullable: true }) detail!: string | null;
}

export class ExportedCrackmeClaim {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('name') name!: string;
  @Field.text('email') email!: string;
  @Field.integer('position', { minimum: 1 }) position!: number;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('prizeSentAt', { format: 'date-time', nullable: true }) prizeSentAt!: string | null;
}

export class ExportedAuditEvent {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('action') action!: string;
  @Field.text('resourceType') resourceType!: string;
  @Field.text('resourceId', { nullable: true }) resourceId!: string | null;
  @Field.anyObject({ nullable: true }) details!: Record<string, unknown> | null;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
}

export class ExportedSuppression {
  @Field.oneOf('reason', ['bounce', 'complaint']) reason!: 'bounce' | 'complaint';
  @Field.text('at', { format: 'date-time' }) at!: string;
}

/** What the reader ticked, when, and from where. */
export class ExportedConsent {
  @Field.integer('version', { minimum: 1 }) version!: number;
  @Field.text('text', { description: 'The words of the box, as they read when ticked' }) text!: string;
  @Field.text('at', { format: 'date-time', description: 'The latest sign-up' }) at!: string;
  @Field.text('ip', { nullable: true }) ip!: string | null;
  @Field.text('userAgent', { nullable: true }) userAgent!: string | null;
}

export class ExportedReader {
  @Field.text('email') email!: string;
  @Field.text('name', { nullable: true }) name!: string | null;
  @Field.oneOf('status', ['pending', 'confirmed', 'unsubscribed']) status!: 'pending' | 'confirmed' | 'unsubscribed';
  @Field.oneOf('source', ['signup-form', 'guestbook', 'scholarship']) source!:
    'signup-form' | 'guestbook' | 'scholarship';
  @Field.nested(() => ExportedConsent) consent!: ExportedConsent;
  @Field.text('confirmedAt', { format: 'date-time', nullable: true }) confirmedAt!: string | null;
  @Field.text('confirmIp', { nullable: true }) confirmIp!: string | null;
  @Field.text('confirmUserAgent', { nullable: true }) confirmUserAgent!: string | null;
  @Field.text('unsubscribedAt', { format: 'date-time', nullable: true }) unsubscribedAt!: string | null;
  @Field.oneOf('unsubscribedBy', ['one-click', 'page', 'complaint'], { nullable: true }) unsubscribedBy!:
    'one-click' | 'page' | 'complaint' | null;
}

/** The one review reminder of a request whose requester asked for it, and their answer. */
export class ExportedReviewReminder {
  @Field.text('requestId') requestId!: string;
  @Field.text('queuedAt', { format: 'date-time' }) queuedAt!: string;
  @Field.text('sentAt', { format: 'date-time', nullable: true }) sentAt!: string | null;
  @Field.oneOf('answer', ['reviewed', 'declined'], { nullable: true }) answer!: 'reviewed' | 'declined' | null;
  @Field.text('answeredAt', { format: 'date-time', nullable: true }) answeredAt!: string | null;
}

/** An event about the reader waiting to reach the owner's newsletter tool (READERS_WEBHOOK_URL), or given up. */
export class ExportedReaderWebhook {
  @Field.text('id') id!: string;
  @Field.oneOf('type', ['reader.confirmed', 'reader.unsubscribed']) type!: 'reader.confirmed' | 'reader.unsubscribed';
  @Field.oneOf('status', ['pending', 'failed']) status!: 'pending' | 'failed';
  @Field.integer('attempts', { minimum: 0 }) attempts!: number;
  @Field.text('queuedAt', { format: 'date-time' }) queuedAt!: string;
  @Field.text('nextAttemptAt', { format: 'date-time' }) nextAttemptAt!: string;
  @Field.text('failedAt', { format: 'date-time', nullable: true }) failedAt!: string | null;
}

export class PersonalDataExport {
  @Field.text('email', { format: 'email' }) email!: string;
  @Field.text('exportedAt', { format: 'date-time' }) exportedAt!: string;
  @Field.list(() => ExportedRequest, { description: 'The free PDF requests made with the address' })
  scholarshipRequests!: readonly ExportedRequest[];
  @Field.list(() => ExportedEmail, { description: 'The emails sent or queued about those requests' })
  emails!: readonly ExportedEmail[];
  @Field.list(() => ExportedCrackmeClaim, { description: 'Crackme prize claims made with the address' })
  crackmeClaims!: readonly ExportedCrackmeClaim[];
  @Field.nested(() => ExportedSuppression, {
    nullable: true,
    description: 'The address was suppressed (a hard bounce or a complaint): no mail but what it asks for',
  })
  suppression!: ExportedSuppression | null;
  @Field.nested(() => ExportedReader, {
    nullable: true,
    description: 'Their place on the reader list with the consent record, or null',
  })
  reader!: ExportedReader | null;
  @Field.list(() => ExportedReviewReminder, {
    description: 'The review reminders of those requests (asked for on the form) and the answers given',
  })
  reviewReminders!: readonly ExportedReviewReminder[];
  @Field.list(() => ExportedReaderWebhook, {
    description: "Events about the reader not yet delivered to the owner's newsletter tool (its webhook), or given up",
  })
  readerWebhooks!: readonly ExportedReaderWebhook[];
  @Field.list(() => ExportedAuditEvent, { description: "The owner's actions on those requests" })
  auditEvents!: readonly ExportedAuditEvent[];
}
