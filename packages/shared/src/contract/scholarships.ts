import { TIMELINE_EVENT_KINDS, type TimelineEventKind } from '../delivery-timeline';
import { SCHOLARSHIP_LIMITS } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { HONEYPOT_FIELD } from '../wire';
import { bulkIds, decisionNotes, pageBefore, pageLimit, QueuePage, queueClass, queueSearch } from './common';
import { Field } from './fields';

export type ScholarshipStatus = 'pending' | 'approved' | 'rejected';
export type ScholarshipDecisionStatus = Exclude<ScholarshipStatus, 'pending'>;
export type DeliveryStatus = 'queued' | 'sent' | 'failed';

/** Where the email to a decided requester stands (the latest one, after a resend). */
export class DeliveryState {
  @Field.oneOf('kind', ['approval', 'rejection']) kind!: 'approval' | 'rejection';
  @Field.oneOf('status', ['queued', 'sent', 'failed'], {
    description: 'queued (waiting or between attempts), sent, or failed after the last attempt',
  })
  status!: DeliveryStatus;
  @Field.count('attempts') attempts!: number;
  @Field.text('lastError', { nullable: true, description: 'Why the last attempt failed, e.g. an SMTP reply' })
  lastError!: string | null;
  @Field.text('queuedAt', { format: 'date-time' }) queuedAt!: string;
  @Field.text('sentAt', { format: 'date-time', nullable: true }) sentAt!: string | null;
  @Field.text('linkExpiresAt', {
    format: 'date-time',
    nullable: true,
    description: 'When the latest download link stops working',
  })
  linkExpiresAt!: string | null;
  @Field.text('linkRevokedAt', {
    format: 'date-time',
    nullable: true,
    description: 'When the latest download link was revoked; null while it works',
  })
  linkRevokedAt!: string | null;
  @Field.count('downloadCount', { description: 'Downloads through every link sent for this request' })
  downloadCount!: number;
}

export class ScholarshipRequest {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('name') name!: string;
  @Field.text('email', { format: 'email' }) email!: string;
  @Field.text('message', { nullable: true }) message!: string | null;
  @Field.oneOf('status', ['pending', 'approved', 'rejected']) status!: ScholarshipStatus;
  @Field.text('adminNotes', { nullable: true }) adminNotes!: string | null;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('decidedAt', { format: 'date-time', nullable: true }) decidedAt!: string | null;
  /** The email owed after the decision: in the list only; null while pending, or when none was queued. */
  @Field.nested(() => DeliveryState, {
    optional: true,
    nullable: true,
    description: 'In the list only: where the email owed after the decision stands (null while pending)',
  })
  delivery?: DeliveryState | null;
}

export class SubmitScholarshipBody {
  @Field.text('Name', { maxLength: SCHOLARSHIP_LIMITS.nameMaxLength }) name!: string;
  @Field.text('Email', { format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength }) email!: string;
  @Field.text('Message', { optional: true, nullable: true, maxLength: SCHOLARSHIP_LIMITS.messageMaxLength })
  message?: string | null;
  @Field.text('Riddle answer', {
    maxLength: 100,
    description: `One word of ${SCHOLARSHIP_LIMITS.riddleAnswerLength} letters, any case`,
  })
  riddleAnswer!: string;
  @Field.boolean('Subscribe', {
    optional: true,
    description:
      'The unticked box "Email me when there is news about the book": true signs `email` up to the reader list (double opt-in); never a condition of the copy',
  })
  subscribe?: boolean;
  @Field.boolean('Review reminder', {
    optional: true,
    description: 'The unticked box "Remind me once to leave a review": kept with the request',
  })
  reviewReminder?: boolean;
  @Field.text('Website', {
    optional: true,
    nullable: true,
    description: `The honeypot (${HONEYPOT_FIELD}), hidden from people: leave it empty.`,
  })
  website?: string | null;
}

/** The requests list's filters (the CSV export takes them too). */
export class ScholarshipFilterQuery {
  @queueClass('status') status?: string;
  @queueSearch() q?: string;
}

/** GET /api/admin/scholarships' filters and paging. */
export class ScholarshipListQuery extends ScholarshipFilterQuery {
  @pageLimit() limit?: number;
  @pageBefore() before?: string;
}

/** GET /api/admin/scholarships: a page of requests (QueuePage). */
export class ScholarshipRequestsPage extends QueuePage {
  @Field.constant(true) success!: true;
  @Field.list(() => ScholarshipRequest) requests!: readonly ScholarshipRequest[];
}

const decision = () => Field.oneOf('Decision', ['approved', 'rejected'], { message: FIELD_MESSAGES.invalidDecision });

export class DecideBody {
  @decision() status!: ScholarshipDecisionStatus;
  @decisionNotes() adminNotes?: string | null;
}

export class BulkDecideBody {
  @bulkIds() ids!: readonly string[];
  @decision() status!: ScholarshipDecisionStatus;
  @decisionNotes() adminNotes?: string | null;
}

export class DecideScholarshipResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => ScholarshipRequest) request!: ScholarshipRequest;
}

export class RevokeLinkResponse {
  @Field.constant(true) success!: true;
  @Field.count('revoked', { description: 'Links withdrawn now' }) revoked!: number;
}

/* A request's emails and what became of each (GET /api/admin/scholarships/{id}/delivery). */

export class TimelineEvent {
  @Field.oneOf('kind', TIMELINE_EVENT_KINDS, {
    description:
      'queued; attempt_failed (the mail server refused or could not be reached: detail has its reply); ' +
      'not_sent (given up: detail says why); accepted (by the mail server); opened (the reader opened the ' +
      'download page); downloaded; soft_bounce, hard_bounce, complaint (reported by the provider or the bounce ' +
      'mailbox); link_revoked',
  })
  kind!: TimelineEventKind;
  @Field.text('at', { format: 'date-time' }) at!: string;
  @Field.text('detail', { nullable: true, description: "The server's reply, the bounce's status, why it was not sent" })
  detail!: string | null;
}

export class DeliveryTimeline {
  @Field.text('deliveryId', { format: 'uuid' }) deliveryId!: string;
  @Field.oneOf('kind', ['approval', 'rejection']) kind!: 'approval' | 'rejection';
  @Field.oneOf('status', ['queued', 'sent', 'failed']) status!: DeliveryStatus;
  @Field.count('attempts') attempts!: number;
  @Field.text('notSent', {
    nullable: true,
    description: 'Why the email was not sent (a suppressed address, the attempts used up); null unless it failed',
  })
  notSent!: string | null;
  @Field.list(() => TimelineEvent, { description: 'Oldest first' }) events!: readonly TimelineEvent[];
}

export class DeliveryTimelineResponse {
  @Field.list(() => DeliveryTimeline, {
    description: "The requester's emails, oldest first: the approval and each Resend, or the rejection",
  })
  deliveries!: readonly DeliveryTimeline[];
}
